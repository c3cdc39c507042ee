import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountGrants, accounts, shops } from '../db/schema';
import { hashPassword } from '../auth/password';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_SHOPS = [
  { name: '美颜坊·徐汇旗舰店', regionCode: '310104', address: '漕溪北路 88 号 2 楼', phone: '021-64581234', openTime: '10:00', closeTime: '21:00', status: 'open' },
  { name: '美颜坊·朝阳大悦城店', regionCode: '110105', address: '朝阳北路 101 号 5 层 5F-12', phone: '010-85523366', openTime: '10:00', closeTime: '22:00', status: 'open' },
  { name: '美颜坊·天河正佳店', regionCode: '440106', address: '天河路 228 号正佳广场 3 楼', phone: '020-38331188', openTime: '09:30', closeTime: '21:30', status: 'open' },
] as const;

/** The four demo accounts of DOMAIN.md; shop indexes point into DEMO_SHOPS. */
export const DEMO_ACCOUNTS = [
  { phone: '13800000001', name: '林管理', jobName: '运营总监', grants: [{ role: 'admin', shop: null }] },
  { phone: '13800000002', name: '王店长', jobName: '店长', grants: [{ role: 'shop-manager', shop: 0 }, { role: 'shop-manager', shop: 1 }] },
  { phone: '13800000003', name: '赵财务', jobName: '财务专员', grants: [{ role: 'financial-staff', shop: null }] },
  { phone: '13800000004', name: '陈店长', jobName: '店长', grants: [{ role: 'shop-manager', shop: 2 }] },
] as const;

export interface DemoContext {
  shopIds: number[];
  accountIds: Record<string, number>;
}

/** True when the database holds no account yet (an empty database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from accounts`);
  return r.rows[0].n === 0;
}

/** Loads the demo data in one transaction; each later feature adds its own part below. */
export async function seedDemo(db: Db): Promise<DemoContext> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const shopRows = await tx.insert(shops).values(DEMO_SHOPS.map((s) => ({ ...s }))).returning({ id: shops.id });
    const shopIds = shopRows.map((r) => r.id);
    const accountIds: Record<string, number> = {};
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx.insert(accounts).values({ phone: a.phone, name: a.name, jobName: a.jobName, passwordHash }).returning({ id: accounts.id });
      accountIds[a.phone] = row.id;
      await tx.insert(accountGrants).values(a.grants.map((g) => ({ accountId: row.id, role: g.role, shopId: g.shop === null ? null : shopIds[g.shop] })));
    }
    return { shopIds, accountIds };
  });
}
