import { describe, expect, it, vi } from 'vitest';
import { endMockSessions, mockCaptchaFor, mockLogin, resetMockDb } from '../../../src/mocks/handlers';
import { API } from '../../../contract/api';
import { menuFor } from '../../../contract/access';
import { DEMO_PASSWORD } from '../../../contract/demo';
import { ErrorCode } from '../../../contract/envelope';
import { NOTHING_TO_CHANGE } from '../../../contract/validation';
import { PROFILE_API } from '../../../contract/account';

/** A raw call, so the envelope, HTTP status and headers are seen as the server sends them. */
async function call(method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const res = await fetch(new URL(path, location.origin), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // data is whatever the call answers; each test reads the fields it checks.
  return {
    status: res.status,
    total: res.headers.get('x-total-count'),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    ...((await res.json()) as { code: number; msg: string; data: any }),
  };
}

const SHOPS = `${API.resourceBase}/shops`;

describe('auth calls', () => {
  it('password login answers a token that user/info accepts', async () => {
    const login = await call('POST', API.loginPassword, { body: { phone: '13800000002', password: DEMO_PASSWORD } });
    expect(login).toMatchObject({ status: 200, code: 0, data: { token: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const info = await call('POST', API.userInfo, { token: login.data.token });
    expect(info.data).toEqual({
      accountId: 2,
      name: '王店长',
      remark: '',
      avatar: '',
      jobName: '店长',
      phone: '13800000002',
      role: 'shop-manager',
      shop: '美颜坊·徐汇旗舰店',
      shopID: 1,
    });
  });

  it('validates with the contract schema: bad fields, extra fields, malformed JSON', async () => {
    expect(await call('POST', API.loginPassword, { body: { phone: '1', password: 'x', remember: true } })).toMatchObject({
      status: 400,
      code: ErrorCode.INVALID_INPUT,
      msg: '手机号格式不正确，应为 11 位手机号',
      data: {
        fields: [
          { field: 'phone', message: '手机号格式不正确，应为 11 位手机号' },
          { field: 'remember', message: '不允许的字段：remember' },
        ],
      },
    });
    expect(await call('POST', API.loginPassword, { body: '{"phone":' })).toMatchObject({ status: 400, msg: '请求体不是合法的 JSON' });
  });

  it('one message for a wrong phone or password, then 42900 after five failures', async () => {
    const wrongPhone = await call('POST', API.loginPassword, { body: { phone: '13900000000', password: DEMO_PASSWORD } });
    expect(wrongPhone).toMatchObject({ status: 400, msg: '手机号或密码错误' });
    for (let i = 0; i < 5; i++) {
      expect(await call('POST', API.loginPassword, { body: { phone: '13800000001', password: 'nope' } })).toMatchObject({
        msg: '手机号或密码错误',
      });
    }
    const locked = await call('POST', API.loginPassword, { body: { phone: '13800000001', password: DEMO_PASSWORD } });
    expect(locked).toMatchObject({
      status: 429,
      code: ErrorCode.TOO_MANY_REQUESTS,
      msg: expect.stringMatching(/^登录失败次数过多，请在 \d+ 分钟后重试$/),
    });
  });

  it('captcha: one per 60 s, works once, dies after five wrong tries', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await call('POST', API.getCaptcha, { body: { phone: '13800000003' } })).toMatchObject({
      code: 0,
      msg: '验证码已发送，5 分钟内有效',
      data: null,
    });
    expect(await call('POST', API.getCaptcha, { body: { phone: '13800000003' } })).toMatchObject({
      status: 429,
      msg: expect.stringMatching(/^验证码已发送，请勿频繁获取，请在 \d+ (秒|分钟)后重试$/),
    });
    const code = mockCaptchaFor('13800000003')!;
    expect(await call('POST', API.loginCaptcha, { body: { phone: '13800000003', captcha: code } })).toMatchObject({ code: 0 });
    expect(await call('POST', API.loginCaptcha, { body: { phone: '13800000003', captcha: code } })).toMatchObject({
      status: 400,
      msg: '验证码错误或已失效，请重新获取',
    });

    resetMockDb();
    await call('POST', API.getCaptcha, { body: { phone: '13800000004' } });
    const good = mockCaptchaFor('13800000004')!;
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await call('POST', API.loginCaptcha, { body: { phone: '13800000004', captcha: wrong } });
    expect(await call('POST', API.loginCaptcha, { body: { phone: '13800000004', captcha: good } })).toMatchObject({
      status: 400,
      code: ErrorCode.INVALID_INPUT,
    });
    vi.restoreAllMocks();
  });

  it('session codes: none or unknown 50008, logged out 50008, revoked 50012, expired 50014', async () => {
    expect(await call('POST', API.userInfo)).toMatchObject({ status: 401, code: ErrorCode.ILLEGAL_TOKEN });
    expect(await call('POST', API.userInfo, { token: 'x'.repeat(40) })).toMatchObject({ status: 401, code: ErrorCode.ILLEGAL_TOKEN });

    const out = mockLogin('13800000001');
    expect(await call('POST', API.logout, { token: out })).toMatchObject({ code: 0 });
    expect(await call('POST', API.userInfo, { token: out })).toMatchObject({ status: 401, code: ErrorCode.ILLEGAL_TOKEN });

    const revoked = mockLogin('13800000002');
    endMockSessions('13800000002', 'revoked');
    expect(await call('POST', API.userInfo, { token: revoked })).toMatchObject({ status: 401, code: ErrorCode.SESSION_ENDED });

    const expired = mockLogin('13800000003');
    endMockSessions('13800000003', 'expired');
    expect(await call('POST', API.menu, { token: expired })).toMatchObject({
      status: 401,
      code: ErrorCode.TOKEN_EXPIRED,
      msg: '登录已过期，请重新登录',
    });
  });

  it('role/shop lists the grants; change switches to a held grant only', async () => {
    const token = mockLogin('13800000002');
    expect((await call('POST', API.roleShop, { token })).data).toEqual({
      grants: [
        { role: 'shop-manager', shopID: 1, shop: '美颜坊·徐汇旗舰店' },
        { role: 'shop-manager', shopID: 2, shop: '美颜坊·朝阳大悦城店' },
      ],
      current: { role: 'shop-manager', shopID: 1 },
    });
    expect((await call('POST', API.roleShopChange, { token, body: { role: 'shop-manager', shopID: 2 } })).data.current).toEqual({
      role: 'shop-manager',
      shopID: 2,
    });
    expect((await call('POST', API.userInfo, { token })).data).toMatchObject({ shop: '美颜坊·朝阳大悦城店', shopID: 2 });
    expect(await call('POST', API.roleShopChange, { token, body: { role: 'admin' } })).toMatchObject({
      status: 403,
      msg: '您没有该角色或门店的权限',
    });
    expect(await call('POST', API.roleShopChange, { token, body: { role: 'boss' } })).toMatchObject({ status: 400, msg: '角色取值不正确' });
  });

  it('password change ends the other sessions (50012) and keeps the caller', async () => {
    const here = mockLogin('13800000004');
    const elsewhere = mockLogin('13800000004');
    expect(
      await call('POST', API.passwordModify, { token: here, body: { oldPassword: 'wrong', newPassword: 'Newpass2026' } }),
    ).toMatchObject({ status: 400, data: { fields: [{ field: 'oldPassword', message: '原密码不正确' }] } });
    expect(
      await call('POST', API.passwordModify, { token: here, body: { oldPassword: DEMO_PASSWORD, newPassword: 'short1' } }),
    ).toMatchObject({ status: 400, msg: '新密码至少 8 位，且须同时包含字母和数字' });
    expect(
      await call('POST', API.passwordModify, { token: here, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Newpass2026' } }),
    ).toMatchObject({ code: 0, msg: '密码已修改' });
    expect(await call('POST', API.userInfo, { token: here })).toMatchObject({ code: 0 });
    expect(await call('POST', API.userInfo, { token: elsewhere })).toMatchObject({ code: ErrorCode.SESSION_ENDED });
    expect(await call('POST', API.loginPassword, { body: { phone: '13800000004', password: 'Newpass2026' } })).toMatchObject({ code: 0 });
  });

  it.each(['admin', 'shop-manager', 'financial-staff'] as const)('menu of %s is menuFor(role)', async (role) => {
    const phone = { admin: '13800000001', 'shop-manager': '13800000002', 'financial-staff': '13800000003' }[role];
    expect((await call('POST', API.menu, { token: mockLogin(phone) })).data).toEqual(JSON.parse(JSON.stringify(menuFor(role))));
  });
});

describe('shops', () => {
  const input = {
    name: '美颜坊·静安寺店',
    regionCode: '310106',
    address: '南京西路 1618 号',
    phone: '021-62881234',
    openTime: '10:00',
    closeTime: '22:00',
  };

  it('lists with paging, sort, filters, q, region prefix and the total header', async () => {
    const token = mockLogin('13800000003');
    const page = await call('GET', `${SHOPS}?_start=0&_end=2&_sort=openTime,id&_order=asc,desc`, { token });
    expect(page.total).toBe('3');
    expect(page.data.map((s: { id: number }) => s.id)).toEqual([3, 2]);
    expect((await call('GET', `${SHOPS}?regionCode=310000`, { token })).data.map((s: { id: number }) => s.id)).toEqual([1]);
    expect((await call('GET', `${SHOPS}?q=大悦城`, { token })).total).toBe('1');
    expect(
      (await call('GET', `${SHOPS}?name_like=美颜坊&status=open&closeTime_gte=21:30`, { token })).data.map((s: { id: number }) => s.id),
    ).toEqual([3, 2]);
    expect((await call('GET', `${SHOPS}?id=1&id=3`, { token })).total).toBe('2');
    expect(await call('GET', `${SHOPS}?passwordHash=x`, { token })).toMatchObject({ status: 400, msg: '不支持的筛选字段：passwordHash' });
    expect(await call('GET', `${SHOPS}?_start=0&_end=500`, { token })).toMatchObject({ status: 400, msg: '每页最多 200 条' });
  });

  it('a shop-manager sees only the current shop; another shop is 404', async () => {
    const token = mockLogin('13800000004');
    const list = await call('GET', SHOPS, { token });
    expect(list.total).toBe('1');
    expect(list.data.map((s: { id: number }) => s.id)).toEqual([3]);
    expect(await call('GET', `${SHOPS}/1`, { token })).toMatchObject({ status: 404, msg: '门店不存在' });
    expect(await call('GET', `${SHOPS}/abc`, { token })).toMatchObject({ status: 400, msg: 'ID 格式不正确' });
  });

  it('admin creates, edits and deletes; others are refused with 40300', async () => {
    const admin = mockLogin('13800000001');
    const created = await call('POST', SHOPS, { token: admin, body: input });
    expect(created.data).toMatchObject({ ...input, id: 4, status: 'open', createdAt: expect.any(String) });
    expect(await call('PATCH', `${SHOPS}/4`, { token: admin, body: { closeTime: '09:00' } })).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'closeTime', message: '营业结束时间必须晚于开始时间' }] },
    });
    expect((await call('PATCH', `${SHOPS}/4`, { token: admin, body: { status: 'closed' } })).data).toMatchObject({
      id: 4,
      status: 'closed',
    });
    expect(await call('DELETE', `${SHOPS}/1`, { token: admin })).toMatchObject({
      status: 409,
      msg: '门店「美颜坊·徐汇旗舰店」仍有1个账号授权，不能删除；如已不再营业，请将其设为停业',
    });
    expect(await call('DELETE', `${SHOPS}/4`, { token: admin })).toMatchObject({ code: 0 });
    expect(await call('GET', `${SHOPS}/4`, { token: admin })).toMatchObject({ status: 404 });

    const finance = mockLogin('13800000003');
    expect(await call('POST', SHOPS, { token: finance, body: input })).toMatchObject({
      status: 403,
      code: ErrorCode.FORBIDDEN,
      msg: '没有权限执行此操作',
    });
  });

  it('a PATCH that changes nothing is refused on every resource, as the server does', async () => {
    const admin = mockLogin('13800000001');
    const manager = mockLogin('13800000002');
    const base = API.resourceBase;
    const firstOf = async (resource: string, token: string) =>
      `${base}/${resource}/${(await call('GET', `${base}/${resource}`, { token })).data[0].id}`;
    const calls: [string, string][] = [
      [`${SHOPS}/1`, admin],
      [await firstOf('banners', admin), admin],
      [await firstOf('programs', admin), admin],
      [`${base}/accounts/2`, admin],
      [await firstOf('staff', manager), manager],
      [await firstOf('customers', manager), manager],
      [PROFILE_API, manager],
    ];
    for (const [url, token] of calls) {
      expect([url, await call('PATCH', url, { token, body: {} })]).toMatchObject([
        url,
        { status: 400, code: ErrorCode.INVALID_INPUT, msg: NOTHING_TO_CHANGE },
      ]);
    }
  });

  it('resetMockDb brings back the demo data', async () => {
    const admin = mockLogin('13800000001');
    await call('POST', SHOPS, { token: admin, body: input });
    resetMockDb();
    expect(await call('GET', SHOPS, { token: admin })).toMatchObject({ status: 401 });
    expect((await call('GET', SHOPS, { token: mockLogin('13800000001') })).total).toBe('3');
  });
});
