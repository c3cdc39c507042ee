import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { connect, type Database } from '../../../server/db/client';
import { buildApp } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { seedDemo, DEMO_PASSWORD, type DemoContext } from '../../../server/seed/demo';
import { reminderText, type SmsSender } from '../../../server/auth/smsSender';
import { API } from '../../../contract/api';
import { withDatabase } from './databaseUrl';
import { checkResponses } from './responseConformance';
import { privateImageStorage } from '../../../server/serviceRecords/privateImages';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  demo: DemoContext;
  /** Login codes the app "sent", newest last. */
  sms: { phone: string; code: string }[];
  /** Appointment reminders the app "sent", newest last. */
  reminders: { phone: string; text: string }[];
  config: ServerConfig;
  /** Logs a demo account in and answers its token. */
  login(phone: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, with the demo accounts and shops, and an app on it (5 pooled connections unless `dbPoolSize` says). */
export async function createTestContext(overrides: Partial<ServerConfig> = {}): Promise<TestContext> {
  const adminUrl = inject('adminUrl');
  const name = `beauty_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();

  const database = connect(withDatabase(adminUrl, name), overrides.dbPoolSize ?? 5);
  // Its own data folder unless the test names one: the demo's private images land there.
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'beauty-test-'));
  const demo = await seedDemo(database.db, privateImageStorage(dataDir));
  const sms: { phone: string; code: string }[] = [];
  const reminders: { phone: string; text: string }[] = [];
  const sender: SmsSender = {
    async sendLoginCode(phone, code) {
      sms.push({ phone, code });
    },
    async sendAppointmentReminder(phone, reminder) {
      reminders.push({ phone, text: reminderText(reminder) });
    },
  };
  const config = { ...loadConfig({}), distDir: '/nonexistent', ...overrides, dataDir };
  const app = await buildApp({ db: database.db, pool: database.pool, config, sms: sender, logger: false, jobIntervalMs: 0 });
  const conformance = checkResponses(app);
  await app.ready();

  return {
    app,
    database,
    demo,
    sms,
    reminders,
    config,
    async login(phone, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: API.loginPassword, payload: { phone, password } });
      const body = res.json();
      if (body.code !== 0) throw new Error(`login ${phone} failed: ${body.msg}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      conformance.assertConforms();
    },
  };
}
