import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/testApp';

describe('smoke', () => {
  let t: TestContext;
  beforeAll(async () => { t = await createTestContext(); });
  afterAll(async () => { await t?.close(); });
  it('answers 40400 for unknown api path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 40400, msg: '接口不存在', data: null });
  });
  it('answers 50008 without token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/beer/backstage/shops' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });
});
