import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded, type EmbeddedDatabase } from '../../../server/db/embedded';
import { connect } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { withDatabase } from './databaseUrl';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTarget: 'embedded' | 'external';
    /** A URL to a database where test databases may be created. */
    adminUrl: string;
    /** A migrated database every test file clones. */
    templateDb: string;
  }
}

/**
 * Starts the database the project runs against and migrates a template once; each test file then
 * clones it (CREATE DATABASE ... TEMPLATE) and drops its clone when done.
 */
export default async function setup(project: TestProject) {
  const target = project.config.provide?.dbTarget ?? 'embedded';
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let adminUrl: string;
  if (target === 'external') {
    adminUrl = process.env.TEST_DATABASE_URL!;
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-test-pg-'));
    if (process.getuid?.() === 0) fs.chmodSync(tmpDir, 0o755);
    embedded = await startEmbedded(tmpDir);
    adminUrl = embedded.url;
  }
  const templateDb = `beauty_tmpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  await admin.end();
  const tmpl = connect(withDatabase(adminUrl, templateDb), 2);
  await runMigrations(tmpl.pool);
  await tmpl.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${templateDb} with (force)`);
    await c.end();
    await embedded?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
