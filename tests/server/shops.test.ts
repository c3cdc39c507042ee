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

describe('smoke login', () => {
  let t: TestContext;
  beforeAll(async () => { t = await createTestContext(); });
  afterAll(async () => { await t?.close(); });
  it('admin lists shops', async () => {
    const token = await t.login('13800000001');
    const res = await t.app.inject({ method: 'GET', url: '/api/beer/backstage/shops?_start=0&_end=2&_sort=name&_order=asc', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().data).toHaveLength(2);
  });
});
