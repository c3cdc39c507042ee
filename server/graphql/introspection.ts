import { introspectionFromSchema } from 'graphql';
import { reportSchema } from './schema';

/** Where the console's typed operations read the schema from (gql.tada). */
export const INTROSPECTION_FILE = 'src/providers/graphql/introspection.ts';

/** The file's text: the schema's introspection as a TypeScript constant, so gql.tada types each operation. */
export function introspectionModule(): string {
  const json = JSON.stringify(introspectionFromSchema(reportSchema, { descriptions: false }), null, 2);
  return (
    `/* Written by \`npm run graphql:introspection\` from server/graphql/schema.ts; ` +
    `tests/server/graphqlIntrospection.test.ts fails when it is stale. */\nexport const introspection = ${json} as const;\n`
  );
}
