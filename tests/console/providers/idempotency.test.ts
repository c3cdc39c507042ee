import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from '../../../contract/order';
import { dataProvider } from '../../../src/providers/dataProvider';
import { idempotencyHeaders, newIdempotencyKey, outcomeKnown, useIdempotencyKey } from '../../../src/providers/idempotency';
import { server } from '../support/server';

describe('idempotency keys', () => {
  it('makes keys the server accepts, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_RE);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('keeps one key per action: the same for a retry or a second click, a new one for another body or after an answer', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const key = result.current;
    const first = key.for({ payments: [{ method: 'cash', amountFen: 100 }] });
    expect(key.for({ payments: [{ method: 'cash', amountFen: 100 }] })).toBe(first);
    // A timeout or a dropped connection: the outcome is unknown, the retry must say it is the same action.
    key.settle({ statusCode: 0 });
    expect(key.for({ payments: [{ method: 'cash', amountFen: 100 }] })).toBe(first);
    key.settle({ statusCode: 502 });
    expect(key.for({ payments: [{ method: 'cash', amountFen: 100 }] })).toBe(first);
    // The cashier changed the payments: another action.
    const second = key.for({ payments: [{ method: 'wechat', amountFen: 100 }] });
    expect(second).not.toBe(first);
    // The server answered (a refusal or success): the next click is a new action.
    key.settle({ statusCode: 400 });
    expect(key.for({ payments: [{ method: 'wechat', amountFen: 100 }] })).not.toBe(second);
    const third = key.for({});
    key.settle();
    expect(key.for({})).not.toBe(third);
  });

  it('knows which failures have an answer', () => {
    expect(outcomeKnown({ statusCode: 409 })).toBe(true);
    expect(outcomeKnown({ statusCode: 400 })).toBe(true);
    expect(outcomeKnown({ statusCode: 0 })).toBe(false);
    expect(outcomeKnown({ statusCode: 500 })).toBe(false);
  });

  it('sends the header through the data provider: create (meta.headers) and custom calls (headers)', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post('*/api/beer/backstage/orders', ({ request }) => {
        seen.push(request.headers.get(IDEMPOTENCY_HEADER));
        return HttpResponse.json({ code: 0, msg: 'ok', data: { id: 1 } });
      }),
      http.post('*/api/beer/backstage/orders/1/pay', ({ request }) => {
        seen.push(request.headers.get(IDEMPOTENCY_HEADER));
        return HttpResponse.json({ code: 0, msg: 'ok', data: { id: 1 } });
      }),
    );
    await dataProvider.create({ resource: 'orders', variables: {}, meta: { headers: idempotencyHeaders('key-create') } });
    await dataProvider.custom!({
      url: '/api/beer/backstage/orders/1/pay',
      method: 'post',
      payload: {},
      headers: idempotencyHeaders('key-pay'),
    });
    expect(seen).toEqual(['key-create', 'key-pay']);
  });
});
