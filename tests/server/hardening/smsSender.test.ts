import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { SMS_NOT_CONFIGURED } from '../../../server/auth/smsSender';
import { createTestContext, type TestContext } from '../support/testApp';
import { ADMIN } from '../support/restCalls';
import { API } from '../../../contract/api';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** An app on the test database without an SMS sender of its own, whose log lines are kept. */
async function appWith(smsSender: 'log' | undefined): Promise<{ app: FastifyInstance; log: string[] }> {
  const log: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      log.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db: t.database.db,
    pool: t.database.pool,
    config: { ...t.config, smsSender },
    logger: { level: 'info', stream },
  });
  await app.ready();
  return { app, log };
}

describe('login codes without an SMS provider', () => {
  it('reads SMS_SENDER=log only', () => {
    expect(loadConfig({ SMS_SENDER: 'log' }).smsSender).toBe('log');
    expect(loadConfig({}).smsSender).toBeUndefined();
    expect(loadConfig({ SMS_SENDER: 'aliyun' }).smsSender).toBeUndefined();
  });

  it('answers 40300 "短信服务未配置" to both captcha calls and logs no code', async () => {
    const { app, log } = await appWith(undefined);
    try {
      for (const [url, payload] of [
        [API.getCaptcha, { phone: ADMIN }],
        [API.loginCaptcha, { phone: ADMIN, captcha: '123456' }],
      ] as const) {
        const res = await app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.0.1' });
        expect([res.statusCode, res.json()]).toEqual([403, { code: 40300, msg: SMS_NOT_CONFIGURED, data: null }]);
      }
      expect(log.join('')).not.toMatch(/登录验证码/);
      const { rows } = await t.database.pool.query('select count(*)::int as n from captchas');
      expect(rows[0].n).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('writes the code to the log in demo mode', async () => {
    const { app, log } = await appWith('log');
    try {
      const res = await app.inject({ method: 'POST', url: API.getCaptcha, payload: { phone: ADMIN }, remoteAddress: '10.9.0.2' });
      expect(res.json().code).toBe(0);
      expect(log.join('')).toMatch(/\[sms\] 登录验证码 \d{6}/);
    } finally {
      await app.close();
    }
  });
});
