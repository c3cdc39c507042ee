import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { isoInstant } from '../db/schema/columns';
import type { PaymentMethod } from '../../contract/order';
import type { CloseEntry, CloseEntryKind } from '../../contract/dailyClose';

/**
 * Every movement of money a shop's business day counts, one row each, by method and kind:
 * - an order's payment by each method (kind in), on the business day the order was paid on;
 * - a hand ledger entry: income (in), expense (expense) or a refund through its channel (refund,
 *   positive), by its method (an entry from before methods were kept counts as cash);
 * - a refund put back onto a stored-value card (its card's reversal transaction, kind refund on the
 *   储值卡 line): no money leaves the shop, so it has no ledger entry.
 * The income entries an order's payment writes (服务收入, 售卡收入) are the ledger's view of the same
 * money and are not counted again. The close's lines are these rows summed; a figure's drill-down is
 * these rows filtered, so the two always agree.
 */
function dayMoneyRows(shopId: number, day: string): SQL {
  return sql`
    select 'order' as source, o.id, p->>'method' as method, 'in' as kind, (p->>'amountFen')::int as fen,
        o.id as order_id, o.order_no, null::int as after_sale_id, o.customer_name as note, o.paid_at as at
      from orders o cross join jsonb_array_elements(o.payments) p
      where o.shop_id = ${shopId} and o.business_day = ${day}
    union all
    select 'ledger', e.id, coalesce(e.method, 'cash'),
        case when e.category = 'refund' then 'refund' when e.type = 'income' then 'in' else 'expense' end,
        case when e.category = 'refund' then -e.amount_fen else e.amount_fen end,
        e.order_id, (select o.order_no from orders o where o.id = e.order_id), e.after_sale_id, e.note, e.created_at
      from ledger_entries e
      where e.shop_id = ${shopId} and e.occurred_on = ${day} and e.category not in ('service', 'card-sale')
    union all
    select 'card', t.id, 'stored-value', 'refund', t.principal_fen + t.bonus_fen,
        t.order_id, (select o.order_no from orders o where o.id = t.order_id), t.after_sale_id, t.note, t.created_at
      from card_transactions t
      where t.shop_id = ${shopId} and t.kind = 'reversal' and t.business_day = ${day}`;
}

/** The day's money summed by method and kind. */
export async function dayMoneySums(db: DbOrTx, shopId: number, day: string) {
  const rows = await db.execute<{ method: PaymentMethod; kind: CloseEntryKind; fen: number }>(
    sql`select method, kind, sum(fen)::int as fen from (${dayMoneyRows(shopId, day)}) x group by method, kind`,
  );
  return rows.rows;
}

/** GET daily-closes/:shopId/:day/entries: the movements behind one figure of the day, in the order they happened. */
export async function dayMoneyEntries(
  db: DbOrTx,
  shopId: number,
  day: string,
  method: PaymentMethod,
  kind: CloseEntryKind,
): Promise<CloseEntry[]> {
  const rows = await db.execute<{
    source: CloseEntry['source'];
    id: number;
    fen: number;
    order_id: number | null;
    order_no: string | null;
    after_sale_id: number | null;
    note: string;
    at: string;
  }>(sql`select * from (${dayMoneyRows(shopId, day)}) x where method = ${method} and kind = ${kind} order by at, source, id`);
  return rows.rows.map((r) => ({
    source: r.source,
    id: r.id,
    amountFen: r.fen,
    orderId: r.order_id,
    orderNo: r.order_no,
    afterSaleId: r.after_sale_id,
    note: r.note,
    at: isoInstant(r.at),
  }));
}
