import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { message, Modal } from 'antd';
import { server } from '../support/server';
import { runQuery } from '../../../src/providers/graphql';
import { setToken } from '../../../src/providers/session';
import { SHOP_WORKPLACE } from '../../../src/pages/workplace/queries';
import { RANKING } from '../../../src/pages/finance/total/queries';
import { GRAPHQL_PATH } from '../../../contract/report';
import { ErrorCode } from '../../../contract/envelope';

interface Seen {
  body: unknown;
  authorization: string | null;
}

/** The GraphQL endpoint answering `reply`, remembering what was sent. */
function endpoint(reply: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    route.post(`*${GRAPHQL_PATH}`, async ({ request }) => {
      seen.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return reply();
    }),
  );
  return seen;
}

const modalTitles = () => Array.from(document.querySelectorAll('.ant-modal-confirm-title')).map((e) => e.textContent);

let errorToast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorToast = vi.spyOn(message, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the GraphQL client', () => {
  it('POSTs exactly operationName, variables and query, and answers data', async () => {
    const ranking = { shopRanking: [], staffRanking: [] };
    const seen = endpoint(() => HttpResponse.json({ data: ranking }));
    setToken('stored-token-value-0123456789');
    await expect(runQuery(RANKING, { from: '2026-10-01', to: '2026-10-31' })).resolves.toEqual(ranking);
    expect(seen).toHaveLength(1);
    const body = seen[0].body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['operationName', 'query', 'variables']);
    expect(body.operationName).toBe('Ranking');
    expect(body.variables).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(body.query).toMatch(/^query Ranking\(\$from: Date!, \$to: Date!\)/);
    expect(body.query).toContain('shopRanking(from: $from, to: $to)');
    expect(seen[0].authorization).toBe('Bearer stored-token-value-0123456789');
  });

  it('sends Authorization even when no token is stored', async () => {
    const seen = endpoint(() => HttpResponse.json({ data: { workplace: { today: '2026-11-23', monthStart: '2026-11-01', shop: null } } }));
    await runQuery(SHOP_WORKPLACE, {});
    // Header values lose trailing whitespace on the wire: "Bearer " arrives as "Bearer".
    expect(seen[0].authorization).toMatch(/^Bearer\s*$/);
    expect((seen[0].body as { operationName: string }).operationName).toBe('ShopWorkplace');
  });

  it('a field refused with 40300 in a 200 answer rejects with its message, without the dialog', async () => {
    endpoint(() =>
      HttpResponse.json({
        data: null,
        errors: [{ message: '当前角色无权查看该报表', path: ['shopRanking'], extensions: { code: ErrorCode.FORBIDDEN } }],
      }),
    );
    const confirm = vi.spyOn(Modal, 'confirm');
    await expect(runQuery(RANKING, { from: '2026-10-01', to: '2026-10-31' })).rejects.toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: '当前角色无权查看该报表',
    });
    expect(errorToast).toHaveBeenCalledWith('当前角色无权查看该报表', 5);
    expect(confirm).not.toHaveBeenCalled();
  });

  it.each([ErrorCode.ILLEGAL_TOKEN, ErrorCode.SESSION_ENDED, ErrorCode.TOKEN_EXPIRED])(
    'a 401 with code %i brings up the session-expired dialog and no toast under it',
    async (code) => {
      endpoint(() => HttpResponse.json({ data: null, errors: [{ message: `会话错误 ${code}`, extensions: { code } }] }, { status: 401 }));
      setToken('stored-token-value-0123456789');
      await expect(runQuery(SHOP_WORKPLACE, {})).rejects.toMatchObject({ code, statusCode: 401, message: `会话错误 ${code}` });
      expect(errorToast).not.toHaveBeenCalled();
      await waitFor(() => expect(modalTitles()).toEqual(['确认登出']));
      Modal.destroyAll();
    },
  );
});
