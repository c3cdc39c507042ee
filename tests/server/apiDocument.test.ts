import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestContext, type TestContext } from './support/testApp';
import { z } from 'zod';
import { OPENAPI_PATH } from '../../server/routes/docs';
import { GRAPHQL_PATH } from '../../contract/report';
import { API } from '../../contract/api';
import { MESSAGE_API } from '../../contract/message';
import { menuFor } from '../../contract/access';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;
let t: TestContext;
const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );

beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  if (process.env.DUMP_OPENAPI) fs.writeFileSync(process.env.DUMP_OPENAPI, JSON.stringify(doc, null, 2));
});
afterAll(async () => t?.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents a success schema for every operation, and the envelope of each error it may answer', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(90);
    for (const { key, op } of ops) {
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success, key).not.toEqual([]);
      for (const status of success) expect(op.responses[status].content, `${key} ${status}`).toBeDefined();
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status.startsWith('2')) continue;
        const schema = answer.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        expect(Object.keys(schema?.properties ?? {}), `${key} ${status}`).toEqual(
          key.endsWith(GRAPHQL_PATH) ? ['data', 'errors'] : ['code', 'msg', 'data'],
        );
      }
    }
  });

  it('says which calls need a session (Bearer), and that those answer 401; the login calls need none', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ops = operations();
    for (const { key, op } of ops) {
      if (op.security) {
        expect(op.security, key).toEqual([{ bearerAuth: [] }]);
        expect(op.responses['401'], key).toBeDefined();
      }
    }
    const secured = (path: string, method = 'post') => Boolean(doc.paths[path][method].security);
    expect(secured(API.loginPassword)).toBe(false);
    expect(secured(OPENAPI_PATH, 'get')).toBe(false);
    expect(secured(API.userInfo)).toBe(true);
    expect(secured(`${API.resourceBase}/customers`, 'get')).toBe(true);
    expect(Object.keys(doc.paths[`${API.resourceBase}/customers/{id}`].get.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '500',
    ]);
    expect(doc.paths[API.loginPassword].post.responses['429']).toBeDefined();
    // A read the console makes by POST writes nothing: no 409.
    expect(Object.keys(doc.paths[API.userInfo].post.responses).sort()).toEqual(['200', '401', '500']);
    expect(doc.paths[API.logout].post.responses['409']).toBeDefined();
  });

  it('declares the xlsx type of the exports and the image types of uploads', () => {
    for (const list of ['performance-records', 'ledger', 'orders', 'after-sales']) {
      const content = doc.paths[`${API.resourceBase}/${list}/export`].get.responses['200'].content;
      expect(Object.keys(content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    }
    const upload = doc.paths[`${API.resourceBase}/upload`].post.requestBody.content['multipart/form-data'].schema;
    expect(upload).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
    expect(Object.keys(doc.paths[`${API.resourceBase}/upload/{name}`].get.responses['200'].content).sort()).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
  });

  it('documents POST /v1/graphql (and not the GET it refuses)', () => {
    const graphql = doc.paths[GRAPHQL_PATH];
    expect(Object.keys(graphql)).toEqual(['post']);
    expect(graphql.post.requestBody.content['application/json'].schema.required).toEqual(['query']);
    expect(Object.keys(graphql.post.responses).sort()).toEqual(['200', '400', '401', '500']);
    expect(graphql.post.security).toEqual([{ bearerAuth: [] }]);
  });

  it('asks no body of messages/read-all and messages/clear, and takes one without a type', async () => {
    for (const path of [MESSAGE_API.readAll, MESSAGE_API.clear]) expect(doc.paths[path].post.requestBody.required).toBe(false);
    expect(doc.paths[MESSAGE_API.read].post.requestBody.required).toBe(true);
    const token = await t.login('13800000002');
    const res = await t.app.inject({ method: 'POST', url: MESSAGE_API.readAll, headers: { authorization: `Bearer ${token}` } });
    expect(res.json()).toMatchObject({ code: 0, data: { updated: expect.any(Number) } });
  });

  it("lets an appointment's first history line come from no status (null)", () => {
    const detail = doc.paths[`${API.resourceBase}/appointments/{id}`].get.responses['200'].content['application/json'].schema;
    const event = detail.properties.data.properties.history.items;
    const line = { id: 1, action: 'book', toStatus: 'booked', summary: '', accountId: null, accountName: '', createdAt: '' };
    const check = z.fromJSONSchema(event, { defaultTarget: 'draft-2020-12' });
    expect(check.safeParse({ ...line, fromStatus: null }).success).toBe(true);
    expect(check.safeParse({ ...line, fromStatus: 'booked' }).success).toBe(true);
    expect(check.safeParse({ ...line, fromStatus: 'nonsense' }).success).toBe(false);
  });

  it('writes answers through their schemas without losing a field (the menu, as built)', async () => {
    for (const [phone, role] of [
      ['13800000001', 'admin'],
      ['13800000002', 'shop-manager'],
    ] as const) {
      const token = await t.login(phone);
      const res = await t.app.inject({ method: 'POST', url: API.menu, headers: { authorization: `Bearer ${token}` } });
      expect(res.json().data).toEqual(JSON.parse(JSON.stringify(menuFor(role))));
    }
  });
});
