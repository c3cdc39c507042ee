import { asc, eq, inArray } from 'drizzle-orm';
import type { Account, AccountGrant, AccountStatus } from '../../contract/account';
import { maskPhone } from '../../contract/mask';
import type { Role } from '../../contract/roles';
import type { DbOrTx } from '../db/client';
import { accountGrants, accounts, shops } from '../db/schema';

/** The account columns the API may show; the password hash never leaves the table. */
export const accountColumns = {
  id: accounts.id,
  name: accounts.name,
  phone: accounts.phone,
  avatar: accounts.avatar,
  jobName: accounts.jobName,
  remark: accounts.remark,
  status: accounts.status,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
};

type AccountRow = { [K in keyof typeof accountColumns]: (typeof accounts.$inferSelect)[K] };

/**
 * Accounts as the API shows them, with their grants (one query for all rows). Phones are masked
 * unless fullPhone; a full phone is shown only by GET accounts/:id, which audits the view.
 */
export async function accountViews(db: DbOrTx, rows: AccountRow[], opts: { fullPhone: boolean }): Promise<Account[]> {
  if (rows.length === 0) return [];
  const grants = await grantsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    phone: opts.fullPhone ? r.phone : maskPhone(r.phone),
    status: r.status as AccountStatus,
    grants: grants.get(r.id) ?? [],
  }));
}

/** The grants of some accounts with their shop names, oldest first (the order login picks from). */
export async function grantsOf(db: DbOrTx, accountIds: number[]): Promise<Map<number, AccountGrant[]>> {
  const rows = await db
    .select({
      id: accountGrants.id,
      accountId: accountGrants.accountId,
      role: accountGrants.role,
      shopID: accountGrants.shopId,
      shop: shops.name,
    })
    .from(accountGrants)
    .leftJoin(shops, eq(shops.id, accountGrants.shopId))
    .where(inArray(accountGrants.accountId, accountIds))
    .orderBy(asc(accountGrants.id));
  const byAccount = new Map<number, AccountGrant[]>();
  for (const { accountId, ...g } of rows) {
    const list = byAccount.get(accountId) ?? [];
    list.push({ ...g, role: g.role as Role });
    byAccount.set(accountId, list);
  }
  return byAccount;
}

/** One account (masked phone) by id, after a change; the caller has already checked it exists. */
export async function accountView(db: DbOrTx, id: number): Promise<Account> {
  const rows = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id));
  const [view] = await accountViews(db, rows, { fullPhone: false });
  return view;
}
