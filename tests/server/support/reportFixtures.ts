import type pg from 'pg';

/**
 * Orders, performance records and after-sales written straight into the tables, as the checkstand and
 * finance calls would leave them, for the report tests to sum another way.
 */

let orderSeq = 0;

export interface OrderFixture {
  shopId: number;
  customerId?: number | null;
  /** ISO instant; null for an unpaid or cancelled order. */
  paidAt: string | null;
  payableFen: number;
  refundedFen?: number;
  status?: string;
}

export async function insertOrder(pool: pg.Pool, o: OrderFixture): Promise<number> {
  orderSeq += 1;
  const refunded = o.refundedFen ?? 0;
  const status =
    o.status ?? (o.paidAt === null ? 'unpaid' : refunded === 0 ? 'paid' : refunded === o.payableFen ? 'refunded' : 'partially-refunded');
  const paid = o.paidAt === null ? 0 : o.payableFen;
  const { rows } = await pool.query<{ id: number }>(
    `insert into orders (order_no, shop_id, customer_id, customer_name, status, lines, total_fen, discount_fen, payable_fen, payments,
      paid_fen, refunded_fen, staff_shares, paid_at, business_day)
     values ($1, $2, $3, '报表客户', $4, '[]', $5, 0, $5, $6, $7, $8, '[]', $9, ($9::timestamptz at time zone 'Asia/Shanghai')::date) returning id`,
    [
      `R${process.pid % 100000}-${orderSeq}`.slice(0, 24),
      o.shopId,
      o.customerId ?? null,
      status,
      o.payableFen,
      JSON.stringify(paid ? [{ method: 'cash', amountFen: paid }] : []),
      paid,
      refunded,
      o.paidAt,
    ],
  );
  return rows[0].id;
}

export interface PerformanceFixture {
  orderId: number;
  shopId: number;
  staffId: number;
  amountFen: number;
  commissionFen: number;
  status: 'pending' | 'approved' | 'rejected';
  kind?: 'sale' | 'adjustment';
  createdAt: string;
  reviewedAt?: string | null;
}

export async function insertPerformance(pool: pg.Pool, p: PerformanceFixture): Promise<void> {
  await pool.query(
    `insert into performance_records (order_id, order_no, shop_id, staff_id, staff_name, kind, share_bp, amount_fen, commission_rate_bp,
      commission_fen, status, reviewed_at, created_at, updated_at)
     select $1, o.order_no, $2, $3, s.name, $4, 10000, $5, 1000, $6, $7, $8, $9, $9 from orders o, staff s where o.id = $1 and s.id = $3`,
    [
      p.orderId,
      p.shopId,
      p.staffId,
      p.kind ?? 'sale',
      p.amountFen,
      p.commissionFen,
      p.status,
      p.reviewedAt ?? (p.status === 'pending' ? null : p.createdAt),
      p.createdAt,
    ],
  );
}

export async function insertAfterSale(
  pool: pg.Pool,
  a: {
    orderId: number;
    shopId: number;
    type: 'refund' | 'touch-up' | 'complaint';
    amountFen: number | null;
    status: string;
    reviewedAt?: string | null;
  },
): Promise<void> {
  await pool.query(
    `insert into after_sales (shop_id, order_id, order_no, customer_name, type, amount_fen, reason, status, reviewed_at)
     select $1, $2, order_no, customer_name, $3, $4, '测试', $5, $6 from orders where id = $2`,
    [a.shopId, a.orderId, a.type, a.amountFen, a.status, a.reviewedAt ?? null],
  );
}

/** A new shop of its own (no demo data in it), with two staff members and three customers. */
export async function reportShop(pool: pg.Pool, name: string): Promise<{ shopId: number; staffIds: number[]; customerIds: number[] }> {
  const shop = await pool.query<{ id: number }>(
    `insert into shops (name, region_code, address, phone, open_time, close_time, status) values ($1, '310104', '报表路 1 号',
      '021-60000000', '10:00', '21:00', 'open') returning id`,
    [name],
  );
  const shopId = shop.rows[0].id;
  const staff = await pool.query<{ id: number }>(
    `insert into staff (shop_id, name, phone, job, level, hired_at, status, commission_rate_bp)
     select $1, '报表员工' || g, '1770000' || lpad(($1 * 10 + g)::text, 4, '0'), 'beautician', '', '2025-01-01', 'active', 1000 from
       generate_series(1, 2) g order by g returning id`,
    [shopId],
  );
  const customers = await pool.query<{ id: number }>(
    `insert into customers (name, phone, gender, source, shop_id, created_at, updated_at)
     select '报表客户' || g, '1780000' || lpad(($1 * 10 + g)::text, 4, '0'), 'female', 'walk-in', $1, '2026-03-31T15:59:59.999Z', now() from
       generate_series(1, 3) g order by g returning id`,
    [shopId],
  );
  return { shopId, staffIds: staff.rows.map((r) => r.id), customerIds: customers.rows.map((r) => r.id) };
}

/** A small deterministic generator, so a failing run can be repeated. */
export function randomOf(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` paid orders spread over the shops and the `days` Shanghai days before `lastDay` (every hour
 * of the day, midnight included), a fifth of them partly or wholly refunded, with one sale record each.
 */
export async function randomOrders(
  pool: pg.Pool,
  opts: {
    shops: { shopId: number; staffIds: number[]; customerIds: number[] }[];
    lastDay: string;
    days: number;
    count: number;
    seed: number;
  },
): Promise<void> {
  const random = randomOf(opts.seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const end = Date.parse(`${opts.lastDay}T00:00:00+08:00`) + 86_400_000;
  for (let i = 0; i < opts.count; i++) {
    const shop = pick(opts.shops);
    const paidAt = new Date(end - Math.floor(random() * opts.days * 24) * 3_600_000 - (random() < 0.1 ? 1 : 0)).toISOString();
    const payableFen = 100 + Math.floor(random() * 50_000);
    const refundedFen = random() < 0.2 ? (random() < 0.5 ? payableFen : Math.floor(payableFen / 3)) : 0;
    const orderId = await insertOrder(pool, {
      shopId: shop.shopId,
      customerId: random() < 0.8 ? pick(shop.customerIds) : null,
      paidAt,
      payableFen,
      refundedFen,
    });
    const status = pick(['pending', 'approved', 'approved', 'rejected'] as const);
    await insertPerformance(pool, {
      orderId,
      shopId: shop.shopId,
      staffId: pick(shop.staffIds),
      amountFen: payableFen,
      commissionFen: Math.round(payableFen / 10),
      status,
      createdAt: paidAt,
    });
  }
}
