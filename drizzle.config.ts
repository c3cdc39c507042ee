import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every file of the folder, so a new table needs no line in the barrel (index.ts) to reach the migrations.
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
