import { GRAPHQL_PATH } from '../../../contract/report';
import type { TestContext } from './testApp';

/** Report calls and the day arithmetic the report tests compute their expectations with, without the server's code. */

const DAY = 86_400_000;
/** The Shanghai day of an instant. */
export const shanghaiDay = (iso: string | Date) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
export const today = () => shanghaiDay(new Date());
export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  errors?: { message: string; path?: string[]; extensions: { code: number; fields?: { field: string }[] } }[];
}

/** POST /v1/graphql with the console's body. */
export function graphqlCaller(t: TestContext) {
  return async (
    token: string | undefined,
    source: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await t.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      payload: { operationName: null, query: source, variables },
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    const body = res.json();
    return { status: res.statusCode, data: body.data, errors: body.errors };
  };
}

export const SHOP_RANKING = `query($from: Date!, $to: Date!) { shopRanking(from: $from, to: $to) { shopId shopName revenueFen orderCount
  refundFen customerCount newCustomerCount } }`;
