import { describe, expect, it } from 'vitest';
import { apiPermissions, RESOURCES, verbsOf } from '../../contract/resources';
import { apiAllows } from '../../contract/resource';
import { ROLES, type Role } from '../../contract/roles';

const A = 'admin';
const M = 'shop-manager';
const F = 'financial-staff';

/**
 * The API permission table as data: every resource with every verb (list, read, create, update,
 * delete and its actions, `POST /:id/<action>`) and the roles that may call it, and whether a
 * shop-manager's calls are confined to its current shop. Written out, not derived from contract/,
 * so a wrong or new entry in a descriptor fails here.
 */
const TABLE: Record<string, { shopScoped: boolean; verbs: Record<string, Role[]> }> = {
  shops: {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [A], update: [A], delete: [A] },
  },
  accounts: {
    shopScoped: false,
    verbs: {
      list: [A],
      read: [A],
      create: [A],
      update: [A],
      delete: [A],
      'action:disable': [A],
      'action:enable': [A],
      'action:reset-password': [A],
      'action:grants': [A],
    },
  },
  banners: {
    shopScoped: false,
    verbs: { list: [A], read: [A], create: [A], update: [A], delete: [A] },
  },
  programs: {
    shopScoped: false,
    verbs: { list: [A, M, F], read: [A, M, F], create: [A], update: [A], delete: [A] },
  },
  staff: {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [M], update: [M], delete: [M], 'action:reveal-phone': [A, M] },
  },
  customers: {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [M], update: [M], delete: [M], 'action:reveal-phone': [A, M], 'action:lookup': [M] },
  },
  appointments: {
    shopScoped: true,
    verbs: {
      list: [A, M, F],
      read: [A, M, F],
      create: [M],
      update: [M],
      delete: [M],
      'action:confirm': [M],
      'action:arrive': [M],
      'action:complete': [M],
      'action:no-show': [M],
      'action:cancel': [M],
    },
  },
  entitlements: {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [], update: [], delete: [] },
  },
  orders: {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [M], update: [M], delete: [M], 'action:pay': [M], 'action:cancel': [M] },
  },
  'after-sales': {
    shopScoped: true,
    verbs: {
      list: [A, M, F],
      read: [A, M, F],
      create: [M],
      update: [M],
      delete: [M],
      'action:withdraw': [M],
      'action:approve': [A, F],
      'action:reject': [A, F],
    },
  },
  'performance-records': {
    shopScoped: true,
    verbs: { list: [A, F], read: [A, F], create: [], update: [], delete: [], 'action:approve': [A, F], 'action:reject': [A, F] },
  },
  ledger: {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [M], update: [M], delete: [M], 'action:reverse': [M] },
  },
  'card-plans': {
    shopScoped: false,
    verbs: { list: [A, M, F], read: [A, M, F], create: [A], update: [A], delete: [A] },
  },
  'member-cards': {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [], update: [], delete: [] },
  },
  'card-transactions': {
    shopScoped: true,
    verbs: { list: [A, M, F], read: [A, M, F], create: [], update: [], delete: [], 'action:export': [A, F], 'action:summary': [A, F] },
  },
  'daily-closes': {
    shopScoped: true,
    verbs: {
      list: [A, M, F],
      read: [A, M, F],
      create: [],
      update: [],
      delete: [],
      'action:submit': [M],
      'action:confirm': [A, F],
      'action:return': [A, F],
    },
  },
  'service-records': {
    shopScoped: true,
    verbs: {
      list: [A, M, F],
      read: [A, M, F],
      create: [M],
      update: [M],
      delete: [M],
      'action:consent': [M],
      'action:photos': [M],
      'action:override': [M],
      'action:withdraw-photo-consent': [M],
    },
  },
  'consent-versions': {
    shopScoped: false,
    verbs: { list: [A, M, F], read: [A, M, F], create: [A], update: [A], delete: [A] },
  },
  'pigment-uses': {
    shopScoped: false,
    verbs: { list: [A, F], read: [A, F], create: [], update: [], delete: [] },
  },
};

/** [resource, verb, role, allowed] for every cell of the table. */
const CELLS: [string, string, Role, boolean][] = Object.entries(TABLE).flatMap(([name, { verbs }]) =>
  Object.entries(verbs).flatMap(([verb, roles]) =>
    ROLES.map((role): [string, string, Role, boolean] => [name, verb, role, roles.includes(role)]),
  ),
);

describe('the API permission table', () => {
  it('is exactly what the descriptors give', () => {
    const sorted = (t: typeof TABLE) =>
      Object.fromEntries(
        Object.entries(t).map(([n, e]) => [
          n,
          { shopScoped: e.shopScoped, verbs: Object.fromEntries(Object.entries(e.verbs).map(([v, r]) => [v, [...r].sort()])) },
        ]),
      );
    expect(sorted(apiPermissions())).toEqual(sorted(TABLE));
  });

  it('names every resource once, under its own path segment', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual(Object.keys(TABLE).sort());
    for (const [key, d] of Object.entries(RESOURCES)) expect(d.name).toBe(key);
  });

  it('lists every verb of every resource', () => {
    for (const d of Object.values(RESOURCES)) expect(verbsOf(d).sort()).toEqual(Object.keys(TABLE[d.name].verbs).sort());
  });

  it.each(CELLS)('%s %s as %s: %s', (name, verb, role, allowed) => {
    const d = Object.values(RESOURCES).find((r) => r.name === name)!;
    expect(apiAllows(d, verb as never, role)).toBe(allowed);
  });

  it('refuses a caller without a role, and actions the resource does not have', () => {
    for (const d of Object.values(RESOURCES)) {
      for (const verb of verbsOf(d)) expect(apiAllows(d, verb, undefined)).toBe(false);
      for (const action of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        for (const role of ROLES) expect(apiAllows(d, `action:${action}`, role)).toBe(false);
      }
    }
  });
});
