import { formatOrderNo } from '../../../contract/order';
import { commissionFen, splitByShares } from '../../../contract/shareSplit';
import { query } from './authCalls';
import type { TestContext } from './testApp';

let sequence = 9000;

export interface PaidOrder {
  orderId: number;
  orderNo: string;
  shopId: number;
  /** The sale performance records, one per share, in the order of the shares. */
  recordIds: number[];
  ledgerEntryId: number;
}

/** Active staff of a shop with their commission rates, oldest first. */
export async function shopStaff(t: TestContext, shopId: number): Promise<{ id: number; name: string; rate: number }[]> {
  return query(t, `select id, name, commission_rate_bp as rate from staff where shop_id = $1 and status = 'active' order by id`, [shopId]);
}

/**
 * A paid order as the checkstand leaves it (the order, one pending sale record per staff share split
 * by the largest remainder, the service income entry), written straight into the tables.
 */
export async function paidOrder(
  t: TestContext,
  opts: {
    shopId: number;
    payableFen: number;
    shares: { staffId: number; shareBp: number }[];
    customerId?: number | null;
    programId?: number;
  },
): Promise<PaidOrder> {
  const orderNo = formatOrderNo(new Date().toISOString().slice(0, 10), opts.shopId, sequence++);
  const [program] = await query<{ id: number; name: string; type: number }>(
    t,
    `select id, name, type from programs ${opts.programId ? 'where id = $1' : 'order by id limit 1'}`,
    opts.programId ? [opts.programId] : [],
  );
  const staff = await query<{ id: number; name: string; rate: number }>(
    t,
    `select id, name, commission_rate_bp as rate from staff where id = any($1::int[])`,
    [opts.shares.map((s) => s.staffId)],
  );
  const byId = new Map(staff.map((s) => [s.id, s]));
  const shares = opts.shares.map((s) => ({ staffId: s.staffId, staffName: byId.get(s.staffId)!.name, shareBp: s.shareBp }));
  const customerId =
    opts.customerId === undefined
      ? ((await query<{ id: number }>(t, 'select id from customers where shop_id = $1 order by id limit 1', [opts.shopId]))[0]?.id ?? null)
      : opts.customerId;
  const line = {
    programId: program.id,
    programName: program.name,
    programType: program.type,
    unitPriceFen: opts.payableFen,
    vipPrice: false,
    quantity: 1,
    discountFen: 0,
    amountFen: opts.payableFen,
  };
  const [order] = await query<{ id: number }>(
    t,
    `insert into orders (order_no, shop_id, customer_id, customer_name, status, lines, total_fen, payable_fen, payments, paid_fen, staff_shares, paid_at,
       business_day)
     values ($1, $2, $3, $4, 'paid', $5, $6, $6, $7, $6, $8, now(), (now() at time zone 'Asia/Shanghai')::date) returning id`,
    [
      orderNo,
      opts.shopId,
      customerId,
      customerId ? '测试客户' : '散客',
      JSON.stringify([line]),
      opts.payableFen,
      JSON.stringify([{ method: 'cash', amountFen: opts.payableFen }]),
      JSON.stringify(shares),
    ],
  );
  const parts = splitByShares(
    opts.payableFen,
    shares.map((s) => s.shareBp),
  );
  const recordIds: number[] = [];
  for (const [i, s] of shares.entries()) {
    const rate = byId.get(s.staffId)!.rate;
    const [r] = await query<{ id: number }>(
      t,
      `insert into performance_records (order_id, order_no, shop_id, staff_id, staff_name, kind, share_bp, amount_fen, commission_rate_bp, commission_fen)
       values ($1, $2, $3, $4, $5, 'sale', $6, $7, $8, $9) returning id`,
      [order.id, orderNo, opts.shopId, s.staffId, s.staffName, s.shareBp, parts[i], rate, commissionFen(parts[i], rate)],
    );
    recordIds.push(r.id);
  }
  const [entry] = await query<{ id: number }>(
    t,
    `insert into ledger_entries (shop_id, type, category, amount_fen, occurred_on, note, order_id)
     values ($1, 'income', 'service', $2, (now() at time zone 'Asia/Shanghai')::date, $3, $4) returning id`,
    [opts.shopId, opts.payableFen, `订单 ${orderNo}`, order.id],
  );
  return { orderId: order.id, orderNo, shopId: opts.shopId, recordIds, ledgerEntryId: entry.id };
}

/** A pending after-sale request on an order, as the shop's manager would have made it. */
export async function afterSaleRequest(
  t: TestContext,
  order: PaidOrder,
  type: 'refund' | 'touch-up' | 'complaint',
  amountFen: number | null = null,
): Promise<number> {
  const [row] = await query<{ id: number }>(
    t,
    `insert into after_sales (shop_id, order_id, order_no, customer_name, type, amount_fen, reason, requested_by_name)
     values ($1, $2, $3, '测试客户', $4, $5, '客户不满意', '测试店长') returning id`,
    [order.shopId, order.orderId, order.orderNo, type, amountFen],
  );
  return row.id;
}
