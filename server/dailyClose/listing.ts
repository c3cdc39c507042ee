import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dailyCloses } from '../db/schema';
import { shopNameOf } from '../db/shopName';
import type { SessionContext } from '../auth/sessionGuard';
import type { ListRequest } from '../http/listRequest';
import { dayRange } from '../db/list/dayRange';
import { listStatements, serverResource, type ListStatements } from '../http/resource';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import { dailyCloseResource, OVERDUE_CLOSE_DAYS, type DailyCloseRow, type OverdueClose } from '../../contract/dailyClose';
import { closeView, type DailyCloseRecord } from './figures';

const c = dailyCloses;

/** GET daily-closes: finance's list of every shop's closes (a manager's current shop), the latest days first. */
export const dailyCloseList = serverResource({
  descriptor: dailyCloseResource,
  table: dailyCloses,
  entity: 'daily-close',
  shopColumn: c.shopId,
  columns: {
    id: c.id,
    shopId: c.shopId,
    day: c.day,
    ...dayRange(c.day, 'day'),
    status: c.status,
    hasDifference: c.hasDifference,
    differenceFen: c.differenceFen,
    submittedAt: c.submittedAt,
  },
  idColumn: c.id,
  defaultSort: [desc(c.day), sql`${c.shopId}`],
  derived: { shopName: shopNameOf(c) },
});

export function dailyCloseListStatements(db: Db, session: SessionContext, request: ListRequest) {
  // The rows carry the derived shop name beside the table's columns.
  return listStatements(db, dailyCloseList, session, request) as unknown as ListStatements<DailyCloseRecord & { shopName: string }>;
}

export const dailyCloseRowView = (r: DailyCloseRecord & { shopName: string }): DailyCloseRow => closeView(r, r.shopName);

/** At most this many overdue days in one answer (Workplace shows the count and the latest). */
const MAX_OVERDUE = 100;

/**
 * GET daily-closes/overdue: the past days of the last OVERDUE_CLOSE_DAYS on which a shop moved money
 * (the ledger has entries) and has no submitted or confirmed close, latest first; a manager's current
 * shop only.
 */
export async function overdueCloses(db: Db, session: SessionContext, now = Date.now()): Promise<{ total: number; days: OverdueClose[] }> {
  const today = shanghaiDayOf(now);
  const since = shanghaiDayOf(now - OVERDUE_CLOSE_DAYS * 86_400_000);
  const shop = session.role === 'shop-manager' ? sql`and e.shop_id = ${session.shopId ?? -1}` : sql``;
  const found = await db.execute<OverdueClose & { total: number }>(sql`
    select d.shop_id as "shopId", s.name as "shopName", d.day, count(*) over ()::int as total from (
      select distinct e.shop_id, e.occurred_on::text as day from ledger_entries e
      where e.occurred_on >= ${since} and e.occurred_on < ${today} ${shop}
    ) d join shops s on s.id = d.shop_id
    where not exists (select 1 from daily_closes c
      where c.shop_id = d.shop_id and c.day = d.day::date and c.status in ('submitted', 'confirmed'))
    order by d.day desc, d.shop_id limit ${MAX_OVERDUE}`);
  return {
    total: found.rows[0]?.total ?? 0,
    days: found.rows.map(({ shopId, shopName, day }) => ({ shopId, shopName, day })),
  };
}
