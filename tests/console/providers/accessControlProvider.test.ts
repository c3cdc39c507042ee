import { RESOURCES } from '../../../contract/resources';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../support/server';
import { mockLogin } from '../../../src/mocks/handlers';
import { accessControlProvider } from '../../../src/providers/accessControlProvider';
import { setToken } from '../../../src/providers/session';
import { ROUTES } from '../../../contract/routes';
import { API } from '../../../contract/api';

const can = (resource: string, action = 'list') => accessControlProvider.can!({ resource, action });

/** One demo account per role. */
const ACCOUNTS = { admin: '13800000001', 'shop-manager': '13800000004', 'financial-staff': '13800000003' } as const;

/**
 * docs/routes.md per page, written out here rather than read from the route table, so a wrong row
 * in contract/routes.ts fails. The console's extra pages: accounts (admin), customer detail
 * (shop-manager), messages and the user pages (every role).
 */
const ALLOWED: Record<string, string[]> = {
  Workplace: ['admin', 'shop-manager', 'financial-staff'],
  Events: ['admin'],
  Program: ['admin'],
  CardPlans: ['admin'],
  ConsentText: ['admin'],
  Shop: ['admin'],
  Account: ['admin'],
  Cashier: ['shop-manager'],
  CheckstandAfterSale: ['shop-manager'],
  NewCustomer: ['shop-manager'],
  AppointmentAfterSale: ['shop-manager'],
  Income: ['shop-manager'],
  Total: ['admin'],
  Review: ['financial-staff', 'admin'],
  AfterSales: ['financial-staff', 'admin'],
  MemberCardFinance: ['financial-staff', 'admin'],
  DailyClose: ['shop-manager', 'financial-staff', 'admin'],
  PigmentRecall: ['financial-staff', 'admin'],
  Staff: ['shop-manager'],
  Consumer: ['shop-manager'],
  ConsumerDetail: ['shop-manager'],
  Messages: ['admin', 'shop-manager', 'financial-staff'],
  UserCenter: ['admin', 'shop-manager', 'financial-staff'],
  UserSettings: ['admin', 'shop-manager', 'financial-staff'],
};

let userInfoCalls: number;
beforeEach(() => {
  userInfoCalls = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith(API.userInfo)) userInfoCalls += 1;
  });
});
afterEach(() => {
  server.events.removeAllListeners();
});

describe.each(Object.entries(ACCOUNTS))('%s', (role, phone) => {
  beforeEach(() => setToken(mockLogin(phone)));

  it('may open exactly its pages, by route name, REST resource or path, for every action', async () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(ALLOWED).sort());
    for (const route of ROUTES) {
      const expected = ALLOWED[route.name].includes(role);
      const keys = [route.name, route.path, ...(route.resource ? [route.resource] : [])];
      for (const key of keys) {
        for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
          const answer = await can(key, action);
          // A resource nobody writes through the console (touch-up entitlements) refuses writes to every role.
          const writes = key !== route.resource || ['list', 'show'].includes(action) || RESOURCES[route.resource].write.length > 0;
          expect({ key, action, can: answer.can }).toEqual({ key, action, can: expected && writes });
          if (!(expected && writes)) expect(answer.reason).toBe('当前角色无权访问');
        }
      }
    }
    // The role came from one user/info call; every later check used the cached user.
    expect(userInfoCalls).toBe(1);
  });

  it('matches concrete paths of routes with parameters', async () => {
    await expect(can('/shop/consumer/42', 'show')).resolves.toMatchObject({ can: role === 'shop-manager' });
  });
});

/**
 * The API permission table per REST resource, written out: who may make each call. Buttons follow it
 * (create, edit, delete and the resources' own calls); list and show also need the page that lists
 * the resource (above).
 */
const WRITE: Record<string, string[]> = {
  shops: ['admin'],
  accounts: ['admin'],
  banners: ['admin'],
  programs: ['admin'],
  staff: ['shop-manager'],
  customers: ['shop-manager'],
};
const ACTIONS: [resource: string, action: string, roles: string[]][] = [
  ['accounts', 'disable', ['admin']],
  ['accounts', 'enable', ['admin']],
  ['accounts', 'reset-password', ['admin']],
  ['accounts', 'grants', ['admin']],
  ['staff', 'reveal-phone', ['shop-manager', 'admin']],
  ['customers', 'reveal-phone', ['shop-manager', 'admin']],
];

describe.each(Object.entries(ACCOUNTS))('%s on the REST resources', (role, phone) => {
  beforeEach(() => setToken(mockLogin(phone)));

  it('may create, edit, clone and delete where the API lets it write', async () => {
    for (const [resource, writers] of Object.entries(WRITE)) {
      for (const action of ['create', 'clone', 'edit', 'delete']) {
        const answer = await can(resource, action);
        expect({ resource, action, can: answer.can }).toEqual({ resource, action, can: writers.includes(role) });
        if (!answer.can) expect(answer.reason).toBe('当前角色无权访问');
      }
    }
  });

  it("may make a resource's own calls where the API lets it, and no call the resource does not have", async () => {
    for (const [resource, action, roles] of ACTIONS) {
      await expect(can(resource, action)).resolves.toMatchObject({ can: roles.includes(role) });
    }
    await expect(can('shops', 'reveal-phone')).resolves.toMatchObject({ can: false });
    await expect(can('accounts', 'toString')).resolves.toMatchObject({ can: false });
  });
});

describe('without a user', () => {
  it('denies role-bound pages and allows the "*" pages', async () => {
    await expect(can('shops')).resolves.toMatchObject({ can: false });
    await expect(can('customers', 'create')).resolves.toMatchObject({ can: false });
    await expect(can('Workplace')).resolves.toMatchObject({ can: true });
    expect(userInfoCalls).toBe(0);
  });

  it('denies role-bound pages when user/info fails', async () => {
    setToken('a-token-the-server-does-not-know-01');
    await expect(can('Shop')).resolves.toMatchObject({ can: false });
  });
});

describe('unknown resources', () => {
  it('are no page of the console and are denied', async () => {
    setToken(mockLogin('13800000001'));
    await expect(can('payroll')).resolves.toEqual({ can: false, reason: '当前角色无权访问' });
    await expect(can('/nowhere')).resolves.toMatchObject({ can: false });
  });
});

describe('options', () => {
  it('hide what the role may not use', () => {
    expect(accessControlProvider.options).toEqual({ buttons: { enableAccessControl: true, hideIfUnauthorized: true } });
  });
});
