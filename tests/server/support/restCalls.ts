import type { Envelope } from '../../../contract/envelope';
import { API } from '../../../contract/api';
import type { TestContext } from './testApp';

/** Demo accounts by what the resource tests use them for (docs/domain.md "Demo data"). */
export const ADMIN = '13800000001';
/** Shop-manager of demo shops 1 and 2; shop 1 is current after login. */
export const MANAGER_1 = '13800000002';
export const FINANCE = '13800000003';
/** Shop-manager of demo shop 3. */
export const MANAGER_3 = '13800000004';

export interface RestResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Envelope<any>;
  total: number | undefined;
}

/** Calls a REST resource under API.resourceBase with a token: call(token, 'GET', '/banners?_start=0'). */
export function rest(t: TestContext) {
  return async (
    token: string | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<RestResult> => {
    const res = await t.app.inject({
      method,
      url: `${API.resourceBase}${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const total = res.headers['x-total-count'];
    return { status: res.statusCode, body: res.json(), total: total === undefined ? undefined : Number(total) };
  };
}

/** The message of a 40000 and the fields it names. */
export function invalidFields(r: RestResult): string[] {
  return (r.body.data?.fields ?? []).map((f: { field: string }) => f.field);
}
