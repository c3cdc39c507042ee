import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTROSPECTION_FILE, introspectionModule } from '../../server/graphql/introspection';

describe("the console's GraphQL types", () => {
  it('are generated from the current schema (npm run graphql:introspection)', () => {
    expect(fs.readFileSync(INTROSPECTION_FILE, 'utf8')).toBe(introspectionModule());
  });
});
