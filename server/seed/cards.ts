import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { customers, orderSequences, programs, staff } from '../db/schema';
import { formatOrderNo, type CardLine, type OrderLine, type OrderPayment } from '../../contract/order';
import { sessionsValueFen, splitStoredValue } from '../../contract/cardMoney';
import { shanghaiDayOf } from '../../contract/shanghaiTime';
import type { CardTransactionKind } from '../../contract/cardTransaction';
import { incomeEntries, saleRecords } from '../orders/payOrder';
import { commissionFen } from '../../contract/shareSplit';
import { seededRandom } from './random';
import { insertJson, takeIds } from './bulk';

const DAY_MS = 86_400_000;
const PAST_DAYS = 88;
/** Performance records younger than this still wait for finance (as in ./orders.ts). */
const REVIEWED_AFTER_DAYS = 10;

const iso = (t: number) => new Date(t).toISOString();
type Who = { id: number; name: string };

/** The demo plans: three stored-value, two packages (the 10-session one valid 60 days, so one bought early expires). */
const PLANS = [
  { name: '充1000送100', kind: 'stored-value', priceFen: 100_000, bonusFen: 10_000 },
  { name: '充3000送400', kind: 'stored-value', priceFen: 300_000, bonusFen: 40_000 },
  { name: '充5000送800', kind: 'stored-value', priceFen: 500_000, bonusFen: 80_000 },
  { name: '水晶唇养护 3 次', kind: 'package', priceFen: 120_000, program: '水晶唇', sessions: 3, validDays: 365 },
  { name: '补水护理 10 次', kind: 'package', priceFen: 198_000, program: '补水护理', sessions: 10, validDays: 60 },
] as const;

interface Card {
  id: number;
  customerId: number;
  kind: 'stored-value' | 'package';
  planId: number;
  planName: string;
  principal: number;
  bonus: number;
  programId: number | null;
  left: number | null;
  total: number | null;
  price: number | null;
  validUntil: number | null;
  status: 'active' | 'used-up' | 'expired' | 'refunded';
  soldShopId: number;
  orderId: number;
  createdAt: number;
}

/**
 * Ninety days of member money in the first three demo shops: the five plans; three customers of each
 * shop who bought a stored-value card (some a package too) and used it every week or so, now and
 * then at another shop; the early 10-session package that expired with sessions left; a lip package
 * refunded through an approved after-sale. Orders, ledger income, 售卡 performance, cards and card
 * transactions are written as the cashier would (its own pure functions), with a few bulk inserts.
 */
export async function seedCards(tx: Tx, ctx: { shopIds: number[]; managerOf: (shopId: number) => Who; finance: Who }, now = Date.now()) {
  const r = seededRandom(20261128);
  const shopIds = ctx.shopIds.slice(0, 3);
  const menu = await tx.select({ id: programs.id, name: programs.name, priceFen: programs.priceFen, type: programs.type }).from(programs);
  const programOf = (name: string) => menu.find((p) => p.name === name)!;
  const planIds = await takeIds(tx, 'card_plans_id_seq', PLANS.length);
  await insertJson(
    tx,
    'card_plans',
    PLANS.map((p, i) => ({
      id: planIds[i],
      name: p.name,
      kind: p.kind,
      price_fen: p.priceFen,
      bonus_fen: p.kind === 'stored-value' ? p.bonusFen : 0,
      program_id: p.kind === 'package' ? programOf(p.program).id : null,
      sessions: p.kind === 'package' ? p.sessions : null,
      valid_days: p.kind === 'package' ? p.validDays : null,
      note: '',
      created_at: iso(now - 100 * DAY_MS),
      updated_at: iso(now - 100 * DAY_MS),
    })),
  );
  const team = await tx
    .select({ id: staff.id, name: staff.name, shopId: staff.shopId, rate: staff.commissionRateBp })
    .from(staff)
    .where(and(inArray(staff.shopId, shopIds), eq(staff.status, 'active'), eq(staff.job, 'beautician')));
  // One query at a time: a transaction's client runs its statements in turn.
  const holders: { id: number; name: string; shopId: number }[] = [];
  for (const shopId of shopIds)
    holders.push(
      ...(await tx
        .select({ id: customers.id, name: customers.name, shopId: customers.shopId })
        .from(customers)
        .where(eq(customers.shopId, shopId))
        .orderBy(customers.id)
        .limit(3)),
    );
  const facials = menu.filter((p) => p.type === 3 && p.priceFen > 0);

  const orders: Record<string, unknown>[] = [];
  const performance: Record<string, unknown>[] = [];
  const ledger: Record<string, unknown>[] = [];
  const transactions: Record<string, unknown>[] = [];
  const cards: Card[] = [];
  const orderIds = await takeIds(tx, 'orders_id_seq', 400);
  const cardIds = await takeIds(tx, 'member_cards_id_seq', holders.length * 2);
  // Numbers go on from the order seed's sequences of each shop and day, which are then moved to the last one drawn here.
  const drawn = await tx.select().from(orderSequences).where(inArray(orderSequences.shopId, shopIds));
  const sequence = new Map(drawn.map((d) => [`${d.shopId}|${d.day}`, d.lastValue]));

  const move = (
    card: Card,
    kind: CardTransactionKind,
    at: number,
    shopId: number,
    d: {
      principal?: number;
      bonus?: number;
      sessions?: number;
      value?: number;
      money?: number;
      orderId?: number | null;
      afterSaleId?: number | null;
      note: string;
    },
  ) => {
    card.principal += d.principal ?? 0;
    card.bonus += d.bonus ?? 0;
    if (card.left !== null) card.left += d.sessions ?? 0;
    const by = kind === 'expiry' ? null : kind === 'refund' || kind === 'bonus-forfeit' ? ctx.finance : ctx.managerOf(shopId);
    transactions.push({
      card_id: card.id,
      customer_id: card.customerId,
      card_kind: card.kind,
      kind,
      principal_fen: d.principal ?? 0,
      bonus_fen: d.bonus ?? 0,
      sessions: d.sessions ?? 0,
      session_value_fen: d.value ?? 0,
      money_fen: d.money ?? 0,
      shop_id: shopId,
      sold_shop_id: card.soldShopId,
      order_id: d.orderId ?? null,
      after_sale_id: d.afterSaleId ?? null,
      account_id: by?.id ?? null,
      account_name: by?.name ?? '',
      note: d.note,
      created_at: iso(at),
    });
  };

  /** A paid order of `lines` at `shopId`, its ledger income and performance, as the cashier writes them. */
  const order = (shopId: number, customer: { id: number; name: string }, lines: OrderLine[], payments: OrderPayment[], at: number) => {
    const id = orderIds[orders.length];
    const day = shanghaiDayOf(at);
    const seq = (sequence.get(`${shopId}|${day}`) ?? 0) + 1;
    sequence.set(`${shopId}|${day}`, seq);
    const member = r.pick(team.filter((m) => m.shopId === shopId));
    const payableFen = lines.reduce((s, l) => s + l.amountFen, 0);
    const row = {
      id,
      orderNo: formatOrderNo(day, shopId, seq),
      shopId,
      customerId: customer.id,
      customerName: customer.name,
      lines,
      payableFen,
      payments,
      staffShares: [{ staffId: member.id, staffName: member.name, shareBp: 10_000 }],
    };
    const manager = ctx.managerOf(shopId);
    orders.push({
      id,
      order_no: row.orderNo,
      shop_id: shopId,
      customer_id: customer.id,
      customer_name: customer.name,
      customer_phone: '',
      status: 'paid',
      lines,
      total_fen: payableFen,
      discount_fen: 0,
      payable_fen: payableFen,
      payments,
      paid_fen: payableFen,
      refunded_fen: 0,
      staff_shares: row.staffShares,
      created_by: manager.id,
      created_by_name: manager.name,
      paid_at: iso(at),
      // The day its income entries are dated on (incomeEntries without a day).
      business_day: shanghaiDayOf(at),
      created_at: iso(at - 10 * 60_000),
      updated_at: iso(at),
    });
    const reviewed = now - at > REVIEWED_AFTER_DAYS * DAY_MS;
    for (const rec of saleRecords(row, () => member.rate))
      performance.push({
        order_id: rec.orderId,
        order_no: rec.orderNo,
        after_sale_id: null,
        shop_id: rec.shopId,
        staff_id: rec.staffId,
        staff_name: rec.staffName,
        kind: rec.kind,
        share_bp: rec.shareBp,
        amount_fen: rec.amountFen,
        commission_rate_bp: rec.commissionRateBp,
        commission_fen: rec.commissionFen,
        status: reviewed ? 'approved' : 'pending',
        reviewed_by: reviewed ? ctx.finance.id : null,
        reviewed_by_name: reviewed ? ctx.finance.name : '',
        reviewed_at: reviewed ? iso(at + 2 * DAY_MS) : null,
        created_at: iso(at),
        updated_at: iso(at),
      });
    for (const e of incomeEntries(row, { accountId: manager.id, accountName: manager.name }, at))
      ledger.push({
        shop_id: e.shopId,
        type: e.type,
        category: e.category,
        amount_fen: e.amountFen,
        occurred_on: e.occurredOn,
        note: e.note,
        order_id: e.orderId,
        after_sale_id: null,
        created_by: e.createdBy,
        created_by_name: e.createdByName,
        created_at: iso(at),
      });
    return id;
  };

  /** A card sold at the customer's home shop: an order of one card line paid by WeChat, the card issued or topped up. */
  const sell = (customer: { id: number; name: string; shopId: number }, planIndex: number, at: number): Card => {
    const plan = PLANS[planIndex];
    const existing =
      plan.kind === 'stored-value' ? cards.find((c) => c.customerId === customer.id && c.kind === 'stored-value') : undefined;
    const card: Card = existing ?? {
      id: cardIds[cards.length],
      customerId: customer.id,
      kind: plan.kind,
      planId: planIds[planIndex],
      planName: plan.name,
      principal: 0,
      bonus: 0,
      programId: plan.kind === 'package' ? programOf(plan.program).id : null,
      left: plan.kind === 'package' ? 0 : null,
      total: plan.kind === 'package' ? plan.sessions : null,
      price: plan.kind === 'package' ? plan.priceFen : null,
      validUntil: plan.kind === 'package' ? at + plan.validDays * DAY_MS : null,
      status: 'active',
      soldShopId: customer.shopId,
      orderId: orderIds[orders.length],
      createdAt: at,
    };
    if (!existing) cards.push(card);
    const line: CardLine = {
      kind: 'card',
      cardPlanId: planIds[planIndex],
      cardPlanName: plan.name,
      cardKind: plan.kind,
      unitPriceFen: plan.priceFen,
      quantity: 1,
      discountFen: 0,
      amountFen: plan.priceFen,
      cardId: card.id,
    };
    const orderId = order(customer.shopId, customer, [line], [{ method: 'wechat', amountFen: plan.priceFen }], at);
    if (plan.kind === 'package')
      move(card, 'purchase', at, customer.shopId, {
        sessions: plan.sessions,
        value: plan.priceFen,
        money: plan.priceFen,
        orderId,
        note: plan.name,
      });
    else
      move(card, existing ? 'top-up' : 'purchase', at, customer.shopId, {
        principal: plan.priceFen,
        bonus: plan.bonusFen,
        money: plan.priceFen,
        orderId,
        note: plan.name,
      });
    return card;
  };

  /** A visit: a facial paid by the stored-value card as far as it reaches (cash the rest), or a package session. */
  const visit = (customer: { id: number; name: string; shopId: number }, shopId: number, at: number) => {
    const pack = cards.find((c) => c.customerId === customer.id && c.kind === 'package' && c.status === 'active' && c.validUntil! > at);
    if (pack && r.chance(0.5)) {
      const program = menu.find((p) => p.id === pack.programId)!;
      const value = sessionsValueFen(pack.left!, pack.total!, pack.price!) - sessionsValueFen(pack.left! - 1, pack.total!, pack.price!);
      const line: OrderLine = {
        programId: program.id,
        programName: program.name,
        programType: program.type,
        unitPriceFen: 0,
        vipPrice: false,
        listPriceFen: program.priceFen,
        quantity: 1,
        discountFen: 0,
        amountFen: 0,
        cardId: pack.id,
        sessionValueFen: value,
        sessionsLeft: pack.left! - 1,
      };
      const orderId = order(shopId, customer, [line], [], at);
      move(pack, 'session', at, shopId, { sessions: -1, value: -value, orderId, note: program.name });
      if (pack.left === 0) pack.status = 'used-up';
      return;
    }
    const account = cards.find((c) => c.customerId === customer.id && c.kind === 'stored-value' && c.status === 'active');
    const program = r.pick(facials);
    const byCard = Math.min(program.priceFen, (account?.principal ?? 0) + (account?.bonus ?? 0));
    const orderId = orderIds[orders.length];
    const payments: OrderPayment[] = [];
    if (account && byCard > 0) {
      const part = splitStoredValue(byCard, account.principal, account.bonus);
      move(account, 'spend', at, shopId, { principal: -part.principalFen, bonus: -part.bonusFen, orderId, note: program.name });
      payments.push({
        method: 'stored-value',
        amountFen: byCard,
        cardId: account.id,
        ...part,
        principalLeftFen: account.principal,
        bonusLeftFen: account.bonus,
      });
    }
    if (byCard < program.priceFen) payments.push({ method: 'cash', amountFen: program.priceFen - byCard });
    const line: OrderLine = {
      programId: program.id,
      programName: program.name,
      programType: program.type,
      unitPriceFen: program.priceFen,
      vipPrice: false,
      listPriceFen: program.priceFen,
      quantity: 1,
      discountFen: 0,
      amountFen: program.priceFen,
    };
    order(shopId, customer, [line], payments, at);
  };

  const refunds: Record<string, unknown>[] = [];
  /** An approved refund of a package's sessions left at their value, through an after-sale of the order that sold it. */
  const refund = (card: Card, afterSaleId: number, at: number) => {
    const amountFen = sessionsValueFen(card.left!, card.total!, card.price!);
    const sold = orders.find((o) => o.id === card.orderId)!;
    const requester = ctx.managerOf(card.soldShopId);
    refunds.push({
      id: afterSaleId,
      shop_id: card.soldShopId,
      order_id: card.orderId,
      order_no: sold.order_no,
      customer_name: sold.customer_name,
      type: 'refund',
      amount_fen: amountFen,
      card_id: card.id,
      reason: '客户搬家，申请退卡',
      images: [],
      status: 'approved',
      requested_by: requester.id,
      requested_by_name: requester.name,
      reviewed_by: ctx.finance.id,
      reviewed_by_name: ctx.finance.name,
      review_note: '',
      reject_reason: '',
      reviewed_at: iso(at),
      created_at: iso(at - 3_600_000),
      updated_at: iso(at),
    });
    move(card, 'refund', at, card.soldShopId, {
      sessions: -card.left!,
      value: -amountFen,
      money: -amountFen,
      orderId: card.orderId,
      afterSaleId,
      note: '退卡',
    });
    card.status = 'refunded';
    Object.assign(sold, {
      refunded_fen: amountFen,
      status: amountFen === sold.paid_fen ? 'refunded' : 'partially-refunded',
      updated_at: iso(at),
    });
    // The sale's staff share gives the refund back, as an approved refund's adjustment does.
    const sale = performance.find((p) => p.order_id === card.orderId)!;
    performance.push({
      ...sale,
      after_sale_id: afterSaleId,
      kind: 'adjustment',
      amount_fen: -amountFen,
      commission_fen: commissionFen(-amountFen, sale.commission_rate_bp as number),
      status: 'pending',
      reviewed_by: null,
      reviewed_by_name: '',
      reviewed_at: null,
      created_at: iso(at),
      updated_at: iso(at),
    });
    ledger.push({
      shop_id: card.soldShopId,
      type: 'income',
      category: 'refund',
      amount_fen: -amountFen,
      occurred_on: shanghaiDayOf(at),
      note: `订单 ${sold.order_no} 退款`,
      order_id: card.orderId,
      after_sale_id: afterSaleId,
      created_by: ctx.finance.id,
      created_by_name: ctx.finance.name,
      created_at: iso(at),
    });
  };
  const [refundId] = await takeIds(tx, 'after_sales_id_seq', 1);

  holders.forEach((customer, i) => {
    const start = now - (PAST_DAYS - i) * DAY_MS;
    sell(customer, i % 3, start);
    // The first holder's 10-session package, bought early and valid 60 days, expires with sessions left.
    if (i === 0) sell(customer, 4, start + DAY_MS);
    // The third holder's lip package is refunded the next day, untouched: one card refunded.
    else if (i === 2) refund(sell(customer, 3, start + DAY_MS), refundId, start + 2 * DAY_MS);
    else if (i % 2 === 0) sell(customer, 3, start + DAY_MS);
    if (i % 4 === 1) sell(customer, i % 3, start + 40 * DAY_MS);
    for (let at = start + 3 * DAY_MS; at < now - DAY_MS; at += r.int(6, 12) * DAY_MS) {
      // Every third holder is served now and then at another shop of the chain.
      const away = i % 3 === 0 && r.chance(0.3);
      visit(customer, away ? r.pick(shopIds.filter((s) => s !== customer.shopId)) : customer.shopId, at + r.int(9, 19) * 3_600_000);
    }
  });

  for (const card of cards) {
    if (card.kind !== 'package' || card.status !== 'active' || card.validUntil! >= now) continue;
    move(card, 'expiry', card.validUntil! + 3_600_000, card.soldShopId, {
      sessions: -card.left!,
      value: -sessionsValueFen(card.left!, card.total!, card.price!),
      note: `剩余 ${card.left} 次过期`,
    });
    card.status = 'expired';
  }

  await insertJson(tx, 'orders', orders);
  await insertJson(
    tx,
    'member_cards',
    cards.map((c) => ({
      id: c.id,
      customer_id: c.customerId,
      kind: c.kind,
      plan_id: c.planId,
      plan_name: c.planName,
      principal_fen: c.principal,
      bonus_fen: c.bonus,
      program_id: c.programId,
      sessions_left: c.left,
      sessions_total: c.total,
      price_fen: c.price,
      valid_until: c.validUntil === null ? null : iso(c.validUntil),
      status: c.status,
      sold_shop_id: c.soldShopId,
      order_id: c.orderId,
      created_at: iso(c.createdAt),
      updated_at: iso(now),
    })),
  );
  await insertJson(tx, 'after_sales', refunds);
  await tx.execute(
    sql`insert into order_sequences (shop_id, day, last_value)
        select (s->>'shopId')::int, (s->>'day')::date, (s->>'last')::int from json_array_elements(${JSON.stringify(
          [...sequence].map(([k, last]) => ({ shopId: Number(k.split('|')[0]), day: k.split('|')[1], last })),
        )}::json) s
        on conflict (shop_id, day) do update set last_value = excluded.last_value`,
  );
  await insertJson(tx, 'card_transactions', transactions);
  await insertJson(tx, 'performance_records', performance);
  await insertJson(tx, 'ledger_entries', ledger);
}
