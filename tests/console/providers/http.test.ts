import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { message, Modal } from 'antd';
import { server } from '../support/server';
import { mockLogin, endMockSessions } from '../../../src/mocks/handlers';
import { api, http } from '../../../src/providers/http';
import { setToken } from '../../../src/providers/session';
import { API } from '../../../contract/api';
import { ErrorCode, TOTAL_COUNT_HEADER } from '../../../contract/envelope';

const PROBE = '/api/beer/backstage/probe';
const SHOPS = `${API.resourceBase}/shops`;

/** A probe endpoint answering whatever the test needs. */
function answer(resolver: () => Response) {
  server.use(route.all(`*${PROBE}`, resolver));
}

const envelope = (code: number, msg: string, status: number, data: unknown = null) =>
  HttpResponse.json({ code, msg, data } as never, { status });

const modalTitles = () => Array.from(document.querySelectorAll('.ant-modal-confirm-title')).map((e) => e.textContent);

let errorToast: ReturnType<typeof vi.spyOn>;
let confirm: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorToast = vi.spyOn(message, 'error');
  confirm = vi.spyOn(Modal, 'confirm');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request', () => {
  it('sends Authorization only when a token is stored', async () => {
    server.use(route.get(`*${PROBE}`, ({ request }) => envelope(0, 'ok', 200, request.headers.get('authorization'))));
    expect((await http.get(PROBE)).data).toBeNull();
    setToken('stored-token-value-0123456789');
    expect((await http.get(PROBE)).data).toBe('Bearer stored-token-value-0123456789');
  });
});

describe('success', () => {
  it('unwraps the envelope and keeps x-total-count for simple-rest', async () => {
    setToken(mockLogin('13800000001'));
    const response = await http.get(SHOPS, { params: { _start: 0, _end: 2 } });
    expect(response.data).toHaveLength(2);
    expect(response.data[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('api.post and api.get answer the data itself', async () => {
    setToken(mockLogin('13800000003'));
    await expect(api.post(API.userInfo)).resolves.toMatchObject({ name: '赵财务', role: 'financial-staff', shopID: null });
    server.use(route.get(`*${PROBE}`, ({ request }) => envelope(0, 'ok', 200, new URL(request.url).searchParams.get('q'))));
    await expect(api.get(PROBE, { q: '徐汇' })).resolves.toBe('徐汇');
  });
});

describe('code != 0', () => {
  it('toasts the server message for 5 s and rejects with an HttpError carrying the field errors', async () => {
    setToken(mockLogin('13800000001'));
    const error = await api
      .post(SHOPS, { name: '', regionCode: '310104', address: '漕溪北路 1 号', phone: '12', openTime: '10:00', closeTime: '21:00' })
      .catch((e: unknown) => e);
    expect(error).toEqual({
      message: '请输入门店名称',
      statusCode: 400,
      code: ErrorCode.INVALID_INPUT,
      errors: { name: '请输入门店名称', phone: '联系电话格式不正确，例如 021-64581234 或 13800000000' },
    });
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('请输入门店名称', 5);
    await waitFor(() => expect(document.querySelector('.ant-message-notice')?.textContent).toContain('请输入门店名称'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('says "Error" when the server sent no message', async () => {
    answer(() => envelope(ErrorCode.CONFLICT, '', 409));
    await expect(http.post(PROBE)).rejects.toMatchObject({
      message: 'Error',
      statusCode: 409,
      code: ErrorCode.CONFLICT,
      errors: undefined,
    });
    expect(errorToast).toHaveBeenCalledWith('Error', 5);
  });

  it('rejects a code != 0 even when the HTTP status is 200', async () => {
    answer(() => envelope(ErrorCode.NOT_FOUND, '门店不存在', 200));
    await expect(http.get(PROBE)).rejects.toMatchObject({ message: '门店不存在', statusCode: 200, code: ErrorCode.NOT_FOUND });
    expect(errorToast).toHaveBeenCalledWith('门店不存在', 5);
  });

  it.each([ErrorCode.ILLEGAL_TOKEN, ErrorCode.SESSION_ENDED, ErrorCode.TOKEN_EXPIRED])(
    '%i brings up the session-expired modal and no toast under it',
    async (code) => {
      answer(() => envelope(code, `会话错误 ${code}`, 401));
      await expect(http.get(PROBE)).rejects.toMatchObject({ code, statusCode: 401, message: `会话错误 ${code}` });
      expect(errorToast).not.toHaveBeenCalled();
      await waitFor(() => expect(modalTitles()).toEqual(['确认登出']));
      expect(confirm).toHaveBeenCalledTimes(1);
    },
  );

  it('the user-info call only toasts: the guard logs out itself', async () => {
    const token = mockLogin('13800000002');
    setToken(token);
    endMockSessions('13800000002', 'revoked');
    await expect(api.post(API.userInfo)).rejects.toMatchObject({ code: ErrorCode.SESSION_ENDED, statusCode: 401 });
    expect(errorToast).toHaveBeenCalledWith(expect.stringContaining('请重新登录'), 5);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a real revoked session on a data call brings up the modal', async () => {
    setToken(mockLogin('13800000001'));
    endMockSessions('13800000001', 'expired');
    await expect(http.get(SHOPS)).rejects.toMatchObject({ code: ErrorCode.TOKEN_EXPIRED, message: '登录已过期，请重新登录' });
    await waitFor(() => expect(modalTitles()).toEqual(['确认登出']));
  });

  it('two concurrent 50012 answers bring up exactly one modal', async () => {
    answer(() => envelope(ErrorCode.SESSION_ENDED, '登录状态已失效，请重新登录', 401));
    const results = await Promise.allSettled([http.get(PROBE), http.post(PROBE), http.get(PROBE)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(errorToast).not.toHaveBeenCalled();
    await waitFor(() => expect(modalTitles()).toEqual(['确认登出']));
    expect(document.querySelectorAll('.ant-modal')).toHaveLength(1);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('while the modal is up, other failures toast nothing over it', async () => {
    answer(() => envelope(ErrorCode.SESSION_ENDED, '登录状态已失效，请重新登录', 401));
    await expect(http.get(PROBE)).rejects.toMatchObject({ code: ErrorCode.SESSION_ENDED });
    await waitFor(() => expect(modalTitles()).toEqual(['确认登出']));
    answer(() => envelope(ErrorCode.CONFLICT, '有记录引用', 409));
    await expect(http.get(PROBE)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('HTTP failure without an envelope', () => {
  it('HTTP 401 brings up the modal without a toast', async () => {
    answer(() => new HttpResponse('Unauthorized', { status: 401 }));
    await expect(http.get(PROBE)).rejects.toMatchObject({ message: 'Request Error', statusCode: 401, code: 0 });
    expect(errorToast).not.toHaveBeenCalled();
    await waitFor(() => expect(modalTitles()).toEqual(['确认登出']));
  });

  it('HTTP 401 on the user-info call gets no modal', async () => {
    server.use(route.post(`*${API.userInfo}`, () => new HttpResponse(null, { status: 401 })));
    await expect(api.post(API.userInfo)).rejects.toMatchObject({ statusCode: 401 });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('HTTP 500 toasts "Request Error" for 5 s and gets no modal', async () => {
    answer(() => new HttpResponse('<html>Bad Gateway</html>', { status: 500, headers: { 'content-type': 'text/html' } }));
    await expect(http.get(PROBE)).rejects.toMatchObject({ message: 'Request Error', statusCode: 500 });
    expect(errorToast).toHaveBeenCalledWith('Request Error', 5);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a failure body with a message toasts that message', async () => {
    answer(() => HttpResponse.json({ msg: '网关超时，请稍后重试' }, { status: 504 }));
    await expect(http.get(PROBE)).rejects.toMatchObject({ message: '网关超时，请稍后重试', statusCode: 504 });
    expect(errorToast).toHaveBeenCalledWith('网关超时，请稍后重试', 5);
  });

  it('a network error toasts "Request Error" with status 0', async () => {
    answer(() => HttpResponse.error());
    await expect(http.get(PROBE)).rejects.toMatchObject({ message: 'Request Error', statusCode: 0 });
    expect(errorToast).toHaveBeenCalledWith('Request Error', 5);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a 200 answer that is no envelope is a failed request, not data', async () => {
    answer(() => new HttpResponse('<!doctype html><title>console</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(http.get(PROBE)).rejects.toMatchObject({ message: 'Request Error', statusCode: 200 });
  });
});

describe('silent calls', () => {
  it('reject without toast or modal', async () => {
    answer(() => envelope(ErrorCode.ILLEGAL_TOKEN, '登录凭证无效，请重新登录', 401));
    await expect(http.post(PROBE, undefined, { silent: true })).rejects.toMatchObject({ code: ErrorCode.ILLEGAL_TOKEN });
    expect(errorToast).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});
