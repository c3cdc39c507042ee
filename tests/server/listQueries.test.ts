import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { RESOURCES } from '../../contract/resources';
import { apiAllows, resourcePath } from '../../contract/resource';
import { OPENAPI_PATH } from '../../server/routes/docs';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { query } from './support/authCalls';
import { ADMIN, FINANCE, MANAGER_1, invalidFields, rest } from './support/restCalls';

let t: TestContext;
let admin: string;
let manager: string;
beforeAll(async () => {
  ({
    t,
    tokens: [admin, manager],
  } = await openTestContext([ADMIN, MANAGER_1]));
});
afterAll(async () => t?.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('hostile list queries', () => {
  const lists = Object.values(RESOURCES).map((d) => resourcePath(d));
  it.each([
    ['_sort=__proto__', '_sort'],
    ['_sort=constructor', '_sort'],
    ['__proto__=1', '__proto__'],
    ['constructor=1', 'constructor'],
    ['toString=1', 'toString'],
  ])('answers ?%s with 40000 naming %s on every list', async (qs, field) => {
    for (const url of lists) {
      const res = await get(admin, `${url}?${qs}`);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 40000]);
      expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
  });

  it.each([
    ['customers', 'birthday', '2026-01-01T00:00:00%2B25:00'],
    ['customers', 'birthday_gte', '2026-01-01T00:00:00%2B16:00'],
    ['customers', 'birthday_lte', '2026-02-30'],
    ['customers', 'birthday_ne', '2026-01-01T00:00:00%2B99:99'],
    ['staff', 'hiredAt', '2026-01-01T00:00:00%2B25:00'],
    ['customers', 'createdAt', '2026-01-01T00:00:00%2B16:00'],
    ['customers', 'createdAt_gte', '2026-01-01T00:00:00%2B99:99'],
    ['customers', 'createdAt_lte', '2026-01-01T00:00:00 Asia/Shanghai'],
    ['customers', 'gender', 'robot'],
    ['customers', 'id', '2147483648'],
  ])('refuses %s?%s=%s with 40000 naming the field', async (resource, key, value) => {
    const res = await get(manager, `${API.resourceBase}/${resource}?${key}=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40000);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(res.json().data.fields[0].field).toBe(key.replace(/_(gte|lte|ne)$/, ''));
  });

  it('takes offsets within ±14:00 and real days', async () => {
    for (const qs of [
      'createdAt_gte=2026-01-01T00:00:00%2B14:00',
      'createdAt_lte=2026-01-01T00:00:00-12:00',
      'birthday_gte=2000-02-29',
      'createdAt=2026-01-01',
    ]) {
      expect((await get(manager, `${API.resourceBase}/customers?${qs}`)).statusCode, qs).toBe(200);
    }
  });
});

describe('database data errors', () => {
  it('answers a PostgreSQL class 22 error with 40000, never 500', async () => {
    await query(t, `create function fail_22() returns trigger language plpgsql as $$ begin perform 1 / 0; return new; end $$`);
    await query(t, 'create trigger banners_fail before insert on banners for each row execute function fail_22()');
    const r = await rest(t)(admin, 'POST', '/banners', { name: '除零' });
    expect([r.status, r.body.code]).toEqual([400, 40000]);
    expect(invalidFields(r)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('serves the document without login, with every resource path', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const d of Object.values(RESOURCES)) expect(Object.keys(doc.paths)).toContain(resourcePath(d));
  });
});

describe('OpenAPI covers the API', () => {
  it('lists every registered /api route with each of its methods', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as { paths: Record<string, Record<string, unknown>> };
    // printRoutes draws a tree: each line's segment continues its parent's path at one level less.
    const parents: string[] = [];
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
        if (!m) return [];
        const depth = m[1].length / 4;
        const path = (parents[depth - 1] ?? '') + m[2];
        parents[depth] = path;
        return (m[3] ?? '')
          .split(', ')
          .filter((method) => method && method !== 'HEAD')
          .map((method) => [path, method] as const);
      })
      .filter(([path]) => path.startsWith('/api/') && path !== OPENAPI_PATH)
      .map(([path, method]) => [path.replace(/:(\w+)/g, '{$1}'), method.toLowerCase()] as const);
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter(([path, method]) => !doc.paths[path]?.[method]).map(([path, method]) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });
});

describe('the API permission table, enforced', () => {
  it('answers 40300 exactly where the table says a role may not list or create', async () => {
    const tokens = { admin, 'shop-manager': manager, 'financial-staff': await t.login(FINANCE) } as const;
    const wrong: string[] = [];
    for (const d of Object.values(RESOURCES)) {
      for (const [role, token] of Object.entries(tokens) as [keyof typeof tokens, string][]) {
        const list = await get(token, resourcePath(d));
        if ((list.statusCode === 403) === apiAllows(d, 'list', role)) wrong.push(`list ${d.name} as ${role}: ${list.statusCode}`);
        // A resource nobody writes has no create route at all.
        if (d.write.length === 0) continue;
        const create = await t.app.inject({
          method: 'POST',
          url: resourcePath(d),
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        });
        if ((create.statusCode === 403) === apiAllows(d, 'create', role)) wrong.push(`create ${d.name} as ${role}: ${create.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
