/**
 * npm run graphql:introspection
 * Writes the report schema's introspection for the console's typed GraphQL operations.
 */
import fs from 'node:fs';
import { INTROSPECTION_FILE, introspectionModule } from '../graphql/introspection';

fs.writeFileSync(INTROSPECTION_FILE, introspectionModule());
console.log(`已写入 ${INTROSPECTION_FILE}`);
