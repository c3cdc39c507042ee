import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountGrants, accounts, shops } from '../db/schema';
import { hashPassword } from '../auth/password';
import { seedCatalog } from './catalog';
import { seedPeople } from './people';
import { raiseDemoWork, seedDemoMessages } from './messages';
import { seedAppointments } from './appointments';
import { seedOrders } from './orders';
import { seedCards } from './cards';
import { seedServiceRecords } from './serviceRecords';
import type { ImageStorage } from '../storage/imageStorage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SHOPS } from '../../contract/demo';

/** The demo data itself is plain data in contract/demo.ts, shared with the console's mock mode. */
export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SHOPS };

export interface DemoContext {
  shopIds: number[];
  accountIds: Record<string, number>;
}

/** The demo account that manages a demo shop (the first one granted it). */
function managerOf(shopIds: number[], accountIds: Record<string, number>, shopId: number): { id: number; name: string } {
  const a = DEMO_ACCOUNTS.find((x) => x.grants.some((g) => g.role === 'shop-manager' && g.shop !== null && shopIds[g.shop] === shopId))!;
  return { id: accountIds[a.phone], name: a.name };
}

/** True when the database holds no account yet (an empty database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from accounts`);
  return r.rows[0].n === 0;
}

/**
 * Loads the demo data in one transaction; each later feature adds its own part below. The service
 * records' signatures and photos go to `privateImages` (server/serviceRecords/privateImages.ts).
 */
export async function seedDemo(db: Db, privateImages: ImageStorage): Promise<DemoContext> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const shopRows = await tx
      .insert(shops)
      .values(DEMO_SHOPS.map((s) => ({ ...s })))
      .returning({ id: shops.id });
    const shopIds = shopRows.map((r) => r.id);
    const accountIds: Record<string, number> = {};
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(accounts)
        .values({ phone: a.phone, name: a.name, jobName: a.jobName, passwordHash })
        .returning({ id: accounts.id });
      accountIds[a.phone] = row.id;
      await tx
        .insert(accountGrants)
        .values(a.grants.map((g) => ({ accountId: row.id, role: g.role, shopId: g.shop === null ? null : shopIds[g.shop] })));
    }
    await seedDemoMessages(tx, accountIds);
    await seedCatalog(tx);
    await seedPeople(tx, { shopIds, accountIds });
    await seedAppointments(tx, { shopIds, managerOf: (shopId) => managerOf(shopIds, accountIds, shopId) });
    const finance = DEMO_ACCOUNTS.find((a) => a.grants.some((g) => g.role === 'financial-staff'))!;
    await seedOrders(tx, {
      shopIds,
      managerOf: (shopId) => managerOf(shopIds, accountIds, shopId),
      finance: { id: accountIds[finance.phone], name: finance.name },
    });
    await seedCards(tx, {
      shopIds,
      managerOf: (shopId) => managerOf(shopIds, accountIds, shopId),
      finance: { id: accountIds[finance.phone], name: finance.name },
    });
    await seedServiceRecords(tx, shopIds, privateImages);
    // Last: the demo's todos are raised from what the seeds above put in.
    await raiseDemoWork(tx);
    return { shopIds, accountIds };
  });
}
