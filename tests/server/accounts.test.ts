import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from './support/testApp';
import { ACCOUNT_API, LAST_GRANT_MESSAGE, PROFILE_API, type Account, type AccountWithPassword } from '../../contract/account';
import { API } from '../../contract/api';
import { MESSAGE_API, type Message } from '../../contract/message';
import { maskPhone } from '../../contract/mask';
import { isStrongPassword } from '../../server/auth/password';
import { accountGrants, accounts, auditLogs, sessions, shops } from '../../server/db/schema';

const ADMIN = '13800000001';
const MANAGER = '13800000002';
const FINANCE = '13800000003';
const MANAGER3 = '13800000004';

let t: TestContext;
let admin: string;

async function call(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json(), total: res.headers['x-total-count'] };
}

async function loginRaw(phone: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: API.loginPassword, payload: { phone, password } });
  return res.json();
}

async function auditOf(action: string, entityId: number) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entity, 'account'), eq(auditLogs.entityId, String(entityId))))
    .orderBy(desc(auditLogs.id));
}

async function sessionsOf(accountId: number) {
  return t.database.db.select().from(sessions).where(eq(sessions.accountId, accountId)).orderBy(sessions.id);
}

/** Asks the API whether a token still works: 0, or the session code it answers. */
async function codeOf(token: string) {
  return (await call(token, 'POST', API.userInfo)).body.code;
}

let phoneSeq = 0;
const newPhone = () => `139${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++).padStart(2, '0')}`;

async function createAccount(grants: { role: string; shopID?: number | null }[], extra: Record<string, unknown> = {}) {
  const res = await call(admin, 'POST', ACCOUNT_API.list, { name: '新同事', phone: newPhone(), grants, ...extra });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data as AccountWithPassword;
}

describe('accounts are for admins only', () => {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 40300 to every other role on every call', async () => {
    const managerId = t.demo.accountIds[MANAGER];
    for (const phone of [MANAGER, FINANCE, MANAGER3]) {
      const token = await t.login(phone);
      const calls: [Parameters<typeof call>[1], string, unknown?][] = [
        ['GET', ACCOUNT_API.list],
        ['GET', ACCOUNT_API.one(managerId)],
        ['POST', ACCOUNT_API.list, { name: '越权', phone: newPhone(), grants: [{ role: 'admin' }] }],
        ['PATCH', ACCOUNT_API.one(managerId), { name: '越权' }],
        ['POST', ACCOUNT_API.disable(managerId)],
        ['POST', ACCOUNT_API.enable(managerId)],
        ['POST', ACCOUNT_API.resetPassword(managerId)],
        ['POST', ACCOUNT_API.grants(managerId), { role: 'admin' }],
        ['DELETE', ACCOUNT_API.grant(managerId, 1)],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(token, method, url, payload);
        expect(res.status, `${phone} ${method} ${url}`).toBe(403);
        expect(res.body.code).toBe(40300);
      }
    }
    const [{ name }] = await t.database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, managerId));
    expect(name).not.toBe('越权');
  });

  it('lists accounts with masked phones, grants, search and filters', async () => {
    const all = await t.database.db.select().from(accounts);
    const res = await call(admin, 'GET', `${ACCOUNT_API.list}?_start=0&_end=50&_sort=id&_order=asc`);
    expect(res.total).toBe(String(all.length));
    const list = res.body.data as Account[];
    const manager = list.find((a) => a.id === t.demo.accountIds[MANAGER])!;
    expect(manager.phone).toBe(maskPhone(MANAGER));
    expect(manager.grants.map((g) => [g.role, g.shopID])).toEqual([
      ['shop-manager', t.demo.shopIds[0]],
      ['shop-manager', t.demo.shopIds[1]],
    ]);
    expect(manager.grants[0].shop).toBeTruthy();
    expect(list.every((a) => !('passwordHash' in a) && /^\d{3}\*{4}\d{4}$/.test(a.phone))).toBe(true);

    const byName = await call(admin, 'GET', `${ACCOUNT_API.list}?q=${encodeURIComponent('财务')}`);
    expect((byName.body.data as Account[]).map((a) => a.id)).toEqual([t.demo.accountIds[FINANCE]]);
    const byPhone = await call(admin, 'GET', `${ACCOUNT_API.list}?q=00000004`);
    expect((byPhone.body.data as Account[]).map((a) => a.id)).toEqual([t.demo.accountIds[MANAGER3]]);

    const managers = await call(admin, 'GET', `${ACCOUNT_API.list}?role=shop-manager&_end=50`);
    const managerIds = await t.database.db
      .selectDistinct({ id: accountGrants.accountId })
      .from(accountGrants)
      .where(eq(accountGrants.role, 'shop-manager'));
    expect((managers.body.data as Account[]).map((a) => a.id).sort()).toEqual(managerIds.map((r) => r.id).sort());
    const ofShop3 = await call(admin, 'GET', `${ACCOUNT_API.list}?role=shop-manager&shopID=${t.demo.shopIds[2]}`);
    expect((ofShop3.body.data as Account[]).map((a) => a.id)).toEqual([t.demo.accountIds[MANAGER3]]);
    const active = await call(admin, 'GET', `${ACCOUNT_API.list}?status=disabled`);
    expect(active.total).toBe(String(all.filter((a) => a.status === 'disabled').length));

    const badRole = await call(admin, 'GET', `${ACCOUNT_API.list}?role=boss`);
    expect(badRole.status).toBe(400);
    expect(badRole.body.data.fields[0].field).toBe('role');
    const badShop = await call(admin, 'GET', `${ACCOUNT_API.list}?shopID=abc`);
    expect(badShop.body.data.fields[0].field).toBe('shopID');
  });

  it('shows the full phone on the record view and audits that view', async () => {
    const id = t.demo.accountIds[MANAGER];
    const res = await call(admin, 'GET', ACCOUNT_API.one(id));
    expect(res.body.data.phone).toBe(MANAGER);
    const [row] = await auditOf('view-phone', id);
    expect(row.accountId).toBe(t.demo.accountIds[ADMIN]);
    expect(row.role).toBe('admin');
    expect((await call(admin, 'GET', ACCOUNT_API.one(999_999))).status).toBe(404);
    expect((await call(admin, 'GET', ACCOUNT_API.one('x' as never))).status).toBe(400);
  });
});

describe('creating accounts and their lifecycle', () => {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates an account whose one-time initial password logs in', async () => {
    const phone = newPhone();
    const res = await call(admin, 'POST', ACCOUNT_API.list, {
      name: ' 孙店长 ',
      phone,
      jobName: '店长',
      remark: '徐汇店新任店长',
      grants: [
        { role: 'shop-manager', shopID: t.demo.shopIds[0] },
        { role: 'financial-staff', shopID: null },
      ],
    });
    expect(res.body.code, res.body.msg).toBe(0);
    const created = res.body.data as AccountWithPassword;
    expect(created).toMatchObject({ name: '孙店长', phone: maskPhone(phone), jobName: '店长', status: 'active' });
    expect(created.grants.map((g) => g.role)).toEqual(['shop-manager', 'financial-staff']);
    expect(isStrongPassword(created.initialPassword)).toBe(true);

    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(row.passwordHash).not.toContain(created.initialPassword);

    const login = await loginRaw(phone, created.initialPassword);
    expect(login.code).toBe(0);
    const info = await call(login.data.token, 'POST', API.userInfo);
    expect(info.body.data).toMatchObject({ name: '孙店长', role: 'shop-manager', shopID: t.demo.shopIds[0] });

    // The password is shown once: no later answer carries it.
    const again = await call(admin, 'GET', ACCOUNT_API.one(created.id));
    expect(again.body.data.initialPassword).toBeUndefined();

    const box = await call(login.data.token, 'GET', `${MESSAGE_API.list}?type=notice`);
    expect((box.body.data as Message[]).filter((m) => m.title.startsWith('已为你开通'))).toHaveLength(2);

    const [trail] = await auditOf('create', created.id);
    expect(trail.summary).toContain('孙店长');
    expect(trail.summary).not.toContain(created.initialPassword);
  });

  it('refuses bad input naming the field, and a phone already in use', async () => {
    const cases: [unknown, string][] = [
      [{ name: '甲', phone: newPhone() }, 'grants'],
      [{ name: '甲', phone: newPhone(), grants: [] }, 'grants'],
      [{ name: '甲', phone: '12345', grants: [{ role: 'admin' }] }, 'phone'],
      [{ phone: newPhone(), grants: [{ role: 'admin' }] }, 'name'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'shop-manager' }] }, 'grants.0.shopID'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'admin', shopID: t.demo.shopIds[0] }] }, 'grants.0.shopID'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'boss' }] }, 'grants.0.role'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'admin' }, { role: 'admin', shopID: null }] }, 'grants'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'shop-manager', shopID: 999_999 }] }, 'grants.0.shopID'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'admin' }], status: 'active' }, 'status'],
      [{ name: '甲', phone: newPhone(), grants: [{ role: 'admin' }], avatar: 'javascript:alert(1)' }, 'avatar'],
    ];
    for (const [body, field] of cases) {
      const res = await call(admin, 'POST', ACCOUNT_API.list, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const taken = await call(admin, 'POST', ACCOUNT_API.list, { name: '重复', phone: MANAGER, grants: [{ role: 'admin' }] });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('王店长');

    await t.database.db.update(shops).set({ status: 'closed' }).where(eq(shops.id, t.demo.shopIds[2]));
    const closed = await call(admin, 'POST', ACCOUNT_API.list, {
      name: '乙',
      phone: newPhone(),
      grants: [{ role: 'shop-manager', shopID: t.demo.shopIds[2] }],
    });
    await t.database.db.update(shops).set({ status: 'open' }).where(eq(shops.id, t.demo.shopIds[2]));
    expect(closed.status).toBe(409);
    expect(closed.body.msg).toContain('停业');
  });

  it('edits name, job and remark but never the phone', async () => {
    const acc = await createAccount([{ role: 'financial-staff' }]);
    const res = await call(admin, 'PATCH', ACCOUNT_API.one(acc.id), { name: '钱会计', jobName: '会计', remark: '' });
    expect(res.body.data).toMatchObject({ name: '钱会计', jobName: '会计', remark: '' });
    const phone = await call(admin, 'PATCH', ACCOUNT_API.one(acc.id), { phone: newPhone() });
    expect(phone.status).toBe(400);
    expect(phone.body.msg).toBe('不允许的字段：phone');
    const [trail] = await auditOf('update', acc.id);
    expect(trail.summary).toContain('钱会计');
    expect((await call(admin, 'PATCH', ACCOUNT_API.one(999_999), { name: '无' })).status).toBe(404);
  });

  it('disabling ends every session at once (50012) and blocks login; enabling lets it log in again', async () => {
    const acc = await createAccount([{ role: 'financial-staff' }]);
    const phone = (await t.database.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, acc.id)))[0].phone;
    const first = (await loginRaw(phone, acc.initialPassword)).data.token;
    const second = (await loginRaw(phone, acc.initialPassword)).data.token;
    expect(await codeOf(first)).toBe(0);

    const res = await call(admin, 'POST', ACCOUNT_API.disable(acc.id));
    expect(res.body.data.status).toBe('disabled');
    expect(await codeOf(first)).toBe(50012);
    expect(await codeOf(second)).toBe(50012);
    expect((await sessionsOf(acc.id)).every((s) => s.revokedAt && s.revokedReason === 'disabled')).toBe(true);
    expect((await loginRaw(phone, acc.initialPassword)).code).not.toBe(0);
    expect((await auditOf('disable', acc.id))[0].summary).toContain('2 个登录会话');

    expect((await call(admin, 'POST', ACCOUNT_API.disable(acc.id))).status).toBe(409);
    const enabled = await call(admin, 'POST', ACCOUNT_API.enable(acc.id));
    expect(enabled.body.data.status).toBe('active');
    expect(await codeOf(first)).toBe(50012);
    expect((await loginRaw(phone, acc.initialPassword)).code).toBe(0);
    expect((await call(admin, 'POST', ACCOUNT_API.enable(acc.id))).status).toBe(409);
    expect(await auditOf('enable', acc.id)).toHaveLength(1);
  });

  it('an admin cannot disable or reset the password of their own account', async () => {
    const self = t.demo.accountIds[ADMIN];
    const disable = await call(admin, 'POST', ACCOUNT_API.disable(self));
    expect(disable.status).toBe(409);
    expect(disable.body.msg).toBe('不能停用自己的账号');
    expect((await call(admin, 'POST', ACCOUNT_API.resetPassword(self))).status).toBe(409);
    expect(await codeOf(admin)).toBe(0);
  });

  it('resetting a password shows a new one once and ends every session', async () => {
    const acc = await createAccount([{ role: 'financial-staff' }]);
    const phone = (await t.database.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, acc.id)))[0].phone;
    const token = (await loginRaw(phone, acc.initialPassword)).data.token;

    const res = await call(admin, 'POST', ACCOUNT_API.resetPassword(acc.id));
    const fresh = res.body.data.initialPassword as string;
    expect(isStrongPassword(fresh)).toBe(true);
    expect(fresh).not.toBe(acc.initialPassword);
    expect(await codeOf(token)).toBe(50012);
    expect((await sessionsOf(acc.id)).every((s) => s.revokedReason === 'password')).toBe(true);
    expect((await loginRaw(phone, acc.initialPassword)).code).not.toBe(0);
    const login = await loginRaw(phone, fresh);
    expect(login.code).toBe(0);

    const box = await call(login.data.token, 'GET', `${MESSAGE_API.list}?type=notice`);
    expect((box.body.data as Message[]).some((m) => m.title === '登录密码已被管理员重置')).toBe(true);
    const [trail] = await auditOf('reset-password', acc.id);
    expect(trail.summary).not.toContain(fresh);
    expect((await call(admin, 'POST', ACCOUNT_API.resetPassword(999_999))).status).toBe(404);
  });
});

describe('grants', () => {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a grant: shop-managers need an open shop, duplicates are 409, the account is told', async () => {
    const acc = await createAccount([{ role: 'financial-staff' }]);
    const shopId = t.demo.shopIds[2];
    const res = await call(admin, 'POST', ACCOUNT_API.grants(acc.id), { role: 'shop-manager', shopID: shopId });
    expect(res.body.code, res.body.msg).toBe(0);
    expect((res.body.data as Account).grants.map((g) => [g.role, g.shopID])).toEqual([
      ['financial-staff', null],
      ['shop-manager', shopId],
    ]);
    const dup = await call(admin, 'POST', ACCOUNT_API.grants(acc.id), { role: 'shop-manager', shopID: shopId });
    expect(dup.status).toBe(409);
    const dupNull = await call(admin, 'POST', ACCOUNT_API.grants(acc.id), { role: 'financial-staff' });
    expect(dupNull.status).toBe(409);

    expect((await call(admin, 'POST', ACCOUNT_API.grants(acc.id), { role: 'admin', shopID: shopId })).body.data.fields[0].field).toBe(
      'shopID',
    );
    expect((await call(admin, 'POST', ACCOUNT_API.grants(acc.id), { role: 'shop-manager' })).body.data.fields[0].field).toBe('shopID');
    expect(
      (await call(admin, 'POST', ACCOUNT_API.grants(acc.id), { role: 'shop-manager', shopID: 999_999 })).body.data.fields[0].field,
    ).toBe('shopID');
    expect((await call(admin, 'POST', ACCOUNT_API.grants(999_999), { role: 'admin' })).status).toBe(404);

    const notices = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'grant-add'), eq(auditLogs.entityId, String(acc.id))));
    expect(notices).toHaveLength(1);
    const login = await loginRaw(
      (await t.database.db.select().from(accounts).where(eq(accounts.id, acc.id)))[0].phone,
      acc.initialPassword,
    );
    const box = await call(login.data.token, 'GET', `${MESSAGE_API.list}?type=notice&_end=50`);
    const shopName = (await t.database.db.select().from(shops).where(eq(shops.id, shopId)))[0].name;
    expect((box.body.data as Message[]).some((m) => m.title.includes('店长') && m.title.includes(shopName))).toBe(true);
  });

  it('removing a grant ends only the sessions acting under it', async () => {
    const managerId = t.demo.accountIds[MANAGER];
    const [shop1, shop2] = t.demo.shopIds;
    const onShop1 = await t.login(MANAGER);
    const onShop2 = await t.login(MANAGER);
    const change = await call(onShop2, 'POST', API.roleShopChange, { role: 'shop-manager', shopID: shop2 });
    expect(change.body.code, change.body.msg).toBe(0);

    const view = (await call(admin, 'GET', ACCOUNT_API.one(managerId))).body.data as Account;
    const grant2 = view.grants.find((g) => g.shopID === shop2)!;
    const res = await call(admin, 'DELETE', ACCOUNT_API.grant(managerId, grant2.id));
    expect(res.body.code, res.body.msg).toBe(0);
    expect((res.body.data as Account).grants.map((g) => g.shopID)).toEqual([shop1]);

    expect(await codeOf(onShop2)).toBe(50012);
    expect(await codeOf(onShop1)).toBe(0);
    const ended = (await sessionsOf(managerId)).filter((s) => s.revokedReason === 'grant');
    expect(ended.map((s) => s.shopId)).toEqual([shop2]);
    // The account can no longer switch to the removed grant.
    expect((await call(onShop1, 'POST', API.roleShopChange, { role: 'shop-manager', shopID: shop2 })).status).toBe(403);

    const box = await call(onShop1, 'GET', `${MESSAGE_API.list}?type=notice&status=0`);
    expect((box.body.data as Message[]).some((m) => m.title.includes('已被移除'))).toBe(true);
    const [trail] = await auditOf('grant-remove', managerId);
    expect(trail.summary).toContain('1 个登录会话');

    expect((await call(admin, 'DELETE', ACCOUNT_API.grant(managerId, grant2.id))).status).toBe(404);
  });

  it('keeps at least one grant, and an admin keeps their own admin grant', async () => {
    const acc = await createAccount([{ role: 'financial-staff' }]);
    const last = await call(admin, 'DELETE', ACCOUNT_API.grant(acc.id, acc.grants[0].id));
    expect(last.status).toBe(409);
    expect(last.body.msg).toBe(LAST_GRANT_MESSAGE);

    const self = t.demo.accountIds[ADMIN];
    const added = await call(admin, 'POST', ACCOUNT_API.grants(self), { role: 'financial-staff' });
    const adminGrant = (added.body.data as Account).grants.find((g) => g.role === 'admin')!;
    const own = await call(admin, 'DELETE', ACCOUNT_API.grant(self, adminGrant.id));
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe('不能移除自己的管理员角色');
    expect(await codeOf(admin)).toBe(0);

    // A grant of another account is "not found" under this one.
    const other = await call(admin, 'DELETE', ACCOUNT_API.grant(acc.id, adminGrant.id));
    expect(other.status).toBe(404);
  });
});

describe('profile', () => {
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets any account edit its own name, avatar, job and remark and answers the user info', async () => {
    const token = await t.login(MANAGER3);
    const res = await call(token, 'PATCH', PROFILE_API, {
      name: '陈晓',
      avatar: '/uploads/avatar/chen.png',
      jobName: '店长',
      remark: '天河店',
    });
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        name: '陈晓',
        avatar: '/uploads/avatar/chen.png',
        jobName: '店长',
        remark: '天河店',
        phone: MANAGER3,
        role: 'shop-manager',
        shopID: t.demo.shopIds[2],
      },
    });
    expect((await call(token, 'POST', API.userInfo)).body.data.name).toBe('陈晓');
    const [trail] = await auditOf('update-profile', t.demo.accountIds[MANAGER3]);
    expect(trail.summary).toContain('陈晓');
    expect(trail.accountId).toBe(t.demo.accountIds[MANAGER3]);
  });

  it('refuses the phone and bad values, naming the field', async () => {
    const token = await t.login(FINANCE);
    const phone = await call(token, 'PATCH', PROFILE_API, { name: '赵', phone: '13900000000' });
    expect(phone.status).toBe(400);
    expect(phone.body.msg).toBe('不允许的字段：phone');
    const empty = await call(token, 'PATCH', PROFILE_API, { name: '  ' });
    expect(empty.body.data.fields[0]).toEqual({ field: 'name', message: '请输入姓名' });
    const long = await call(token, 'PATCH', PROFILE_API, { remark: '长'.repeat(201) });
    expect(long.body.data.fields[0].field).toBe('remark');
    const avatar = await call(token, 'PATCH', PROFILE_API, { avatar: 'javascript:alert(1)' });
    expect(avatar.body.data.fields[0].field).toBe('avatar');
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, t.demo.accountIds[FINANCE]));
    expect(row.name).toBe('赵财务');
    expect(row.phone).toBe(FINANCE);
  });
});
