import { cardPlanResource, cardPlanTermIssues, type CardPlan } from '../../contract/cardPlan';
import { cardRefusals, memberCardResource, type MemberCard } from '../../contract/memberCard';
import {
  CARD_FIGURE_KINDS,
  cardSummaryQuerySchema,
  cardTransactionResource,
  type CardSummary,
  type CardTransaction,
  type CardTransactionKind,
} from '../../contract/cardTransaction';
import { sessionsValueFen, splitStoredValue, storedValueReturn } from '../../contract/cardMoney';
import { maskPhone } from '../../contract/mask';
import { fenToYuan } from '../../contract/money';
import { badField, conflict, invalid, query } from './engine/http';
import { shanghaiDay, textSearch } from './engine/listQuery';
import { mockResource } from './engine/resource';
import { createdDaysAgo, daysFromNow } from './demoTime';
import { customers } from './customers';
import { programs } from './programs';
import { shopName, shops } from './shops';

/**
 * Member money in outline: the card plans (卡项), the customers' cards and every change of them, the
 * finance page's figures, and what selling, spending and redeeming at the cashier does to them
 * (src/mocks/money.ts calls these when an order is priced and paid). A card and its history are kept
 * beside the shop of its customer, so a manager reads the cards of its shop's customers; the server
 * also lets it read the balance of a chain customer it looked up.
 */

/** A card and its transactions belong to the shop of the customer holding them (`holderShopId`). */
type StoredCard = MemberCard & { holderShopId: number };
/** Card transactions are never updated; the engine keeps an updatedAt on every row all the same. */
type StoredTransaction = CardTransaction & { holderShopId: number; updatedAt: string };

const PLAN_SEED: Omit<CardPlan, 'id' | 'createdAt' | 'updatedAt' | 'programName' | 'soldCount' | 'status' | 'note'>[] = [
  { name: '充 2000 送 200', kind: 'stored-value', priceFen: 200_000, bonusFen: 20_000, programId: null, sessions: null, validDays: null },
  { name: '充 5000 送 800', kind: 'stored-value', priceFen: 500_000, bonusFen: 80_000, programId: null, sessions: null, validDays: null },
  {
    name: '充 10000 送 2000',
    kind: 'stored-value',
    priceFen: 1_000_000,
    bonusFen: 200_000,
    programId: null,
    sessions: null,
    validDays: null,
  },
  { name: '水晶唇 3 次', kind: 'package', priceFen: 450_000, bonusFen: 0, programId: 2, sessions: 3, validDays: 365 },
  { name: '小气泡清洁 10 次', kind: 'package', priceFen: 198_000, bonusFen: 0, programId: 3, sessions: 10, validDays: 180 },
];

const programName = (id: number | null) => (id === null ? null : (programs.table.find(id)?.name ?? null));

export const cardPlans = mockResource<CardPlan>(cardPlanResource, {
  seed: () =>
    PLAN_SEED.map((p, i) => ({
      ...p,
      status: 'on',
      note: '',
      ...createdDaysAgo(120 - i),
      programName: programName(p.programId),
      soldCount: 0,
    })),
  search: textSearch('name'),
  beforeWrite: (plan) => {
    const issues = cardPlanTermIssues(plan);
    if (issues.length > 0)
      throw invalid(
        issues[0].message,
        issues.map(({ path, message }) => ({ field: path, message })),
      );
    if (plan.programId !== null && !programs.table.find(plan.programId)) throw badField('programId', '服务项目不存在');
    Object.assign(plan, { programName: programName(plan.programId), soldCount: plan.soldCount ?? 0 });
  },
  beforeDelete: (plan) => {
    if (plan.soldCount > 0) throw conflict(`卡项「${plan.name}」已售出 ${plan.soldCount} 张，不能删除，请下架`);
  },
});

export const memberCards = mockResource<StoredCard>(memberCardResource, {
  seed: () => [],
  search: (c, q) => c.customerName.includes(q) || c.customerPhone.endsWith(q),
  shopKey: 'holderShopId',
  toResponse: ({ holderShopId: _holderShopId, ...card }) => card,
});

export const cardTransactions = mockResource<StoredTransaction>(cardTransactionResource, {
  search: (t, q) => t.customerName.includes(q) || (t.orderNo ?? '').includes(q),
  period: (t) => shanghaiDay(t.createdAt),
  shopKey: 'holderShopId',
  toResponse: ({ holderShopId: _holderShopId, ...transaction }) => transaction,
});

/** Where and why a card changed: the shop, the order and the account. */
export interface CardEvent {
  shopId: number;
  orderId: number | null;
  orderNo: string | null;
  accountName: string;
  at: string;
}

type Deltas = Pick<CardTransaction, 'principalFen' | 'bonusFen' | 'sessions' | 'sessionValueFen' | 'moneyFen'>;
const NO_DELTAS: Deltas = { principalFen: 0, bonusFen: 0, sessions: 0, sessionValueFen: 0, moneyFen: 0 };

/** A change of a card: its transaction, and the balance kept on the card in the same step. */
function record(card: StoredCard, kind: CardTransactionKind, deltas: Partial<Deltas>, e: CardEvent, note = ''): StoredCard {
  const d = { ...NO_DELTAS, ...deltas };
  cardTransactions.table.add({
    cardId: card.id,
    customerId: card.customerId,
    customerName: card.customerName,
    holderShopId: card.holderShopId,
    cardKind: card.kind,
    kind,
    ...d,
    shopId: e.shopId,
    shopName: shopName(e.shopId) ?? '',
    soldShopId: card.soldShopId,
    orderId: e.orderId,
    orderNo: e.orderNo,
    afterSaleId: null,
    accountName: e.accountName,
    note,
    createdAt: e.at,
    updatedAt: e.at,
  });
  const sessionsLeft = card.sessionsLeft === null ? null : card.sessionsLeft + d.sessions;
  return memberCards.table.replace(card, {
    ...card,
    principalFen: card.principalFen + d.principalFen,
    bonusFen: card.bonusFen + d.bonusFen,
    sessionsLeft,
    status: sessionsLeft === 0 ? 'used-up' : card.status,
    updatedAt: e.at,
  });
}

/** A card plan sold to a customer: a new package, or money into the customer's one stored-value account. */
export function sellCard(planId: number, customerId: number, e: CardEvent): StoredCard {
  const plan = cardPlans.table.find(planId)!;
  const customer = customers.table.find(customerId)!;
  cardPlans.table.replace(plan, { ...plan, soldCount: plan.soldCount + 1 });
  const account =
    plan.kind === 'stored-value' ? memberCards.table.rows.find((c) => c.customerId === customerId && c.kind === 'stored-value') : undefined;
  const money = { moneyFen: plan.priceFen };
  if (account) return record(account, 'top-up', { ...money, principalFen: plan.priceFen, bonusFen: plan.bonusFen }, e, plan.name);
  const card = memberCards.table.add({
    customerId,
    customerName: customer.name,
    customerPhone: maskPhone(customer.phone),
    holderShopId: customer.shopId,
    kind: plan.kind,
    planId: plan.id,
    planName: plan.name,
    principalFen: 0,
    bonusFen: 0,
    programId: plan.programId,
    programName: plan.programName,
    sessionsLeft: plan.kind === 'package' ? 0 : null,
    sessionsTotal: plan.sessions,
    priceFen: plan.kind === 'package' ? plan.priceFen : null,
    validUntil: plan.validDays === null ? null : new Date(Date.parse(e.at) + plan.validDays * 86_400_000).toISOString(),
    status: 'active',
    soldShopId: e.shopId,
    soldShopName: shopName(e.shopId) ?? '',
    createdAt: e.at,
    updatedAt: e.at,
  });
  if (plan.kind === 'package')
    return record(card, 'purchase', { ...money, sessions: plan.sessions!, sessionValueFen: plan.priceFen }, e, plan.name);
  return record(card, 'purchase', { ...money, principalFen: plan.priceFen, bonusFen: plan.bonusFen }, e, plan.name);
}

/** The customer's card that may be used now, or the cashier's refusal (40900 as the server's). */
export function usableCard(cardId: number, customerId: number | null, field: string): StoredCard {
  const card = memberCards.table.find(cardId);
  if (!card || card.customerId !== customerId) throw badField(field, '会员卡不存在或不属于该客户');
  if (card.status !== 'active') throw conflict(cardRefusals.notActive(card.status));
  if (card.validUntil !== null && Date.parse(card.validUntil) < Date.now())
    throw conflict(cardRefusals.expired(shanghaiDay(card.validUntil)));
  return card;
}

/** A stored-value payment: principal and bonus in proportion; an amount above the balance is refused. */
export function spendStoredValue(card: StoredCard, amountFen: number, e: CardEvent) {
  const balance = card.principalFen + card.bonusFen;
  if (amountFen > balance) throw conflict(cardRefusals.overdrawn(fenToYuan(balance), fenToYuan(amountFen)));
  const parts = splitStoredValue(amountFen, card.principalFen, card.bonusFen);
  const after = record(card, 'spend', { principalFen: -parts.principalFen, bonusFen: -parts.bonusFen }, e);
  return { ...parts, principalLeftFen: after.principalFen, bonusLeftFen: after.bonusFen };
}

/**
 * A refund's stored-value channel: the amount back onto the card that paid, principal and bonus in the
 * proportion the order's payment took them (as the server does); a closed card takes nothing back.
 */
export function returnToCard(cardId: number, taken: { principalFen: number; bonusFen: number }, amountFen: number, e: CardEvent): void {
  const card = memberCards.table.find(cardId);
  if (!card || card.status !== 'active') throw conflict('储值卡已关闭，不能退回储值卡，请选择其他退款渠道或驳回');
  const back = cardTransactions.table.rows.filter((r) => r.orderId === e.orderId && r.cardId === cardId && r.kind === 'reversal');
  const returned = {
    principalFen: back.reduce((s, r) => s + r.principalFen, 0),
    bonusFen: back.reduce((s, r) => s + r.bonusFen, 0),
  };
  record(card, 'reversal', storedValueReturn(amountFen, taken, returned), e, `订单 ${e.orderNo} 退款回卡`);
}

/** One session of a package redeemed: what it was worth and what is left. */
export function redeemSession(card: StoredCard, e: CardEvent): { sessionValueFen: number; sessionsLeft: number } {
  if ((card.sessionsLeft ?? 0) <= 0) throw conflict(cardRefusals.noSessions);
  const left = card.sessionsLeft! - 1;
  const value =
    sessionsValueFen(card.sessionsLeft!, card.sessionsTotal!, card.priceFen!) - sessionsValueFen(left, card.sessionsTotal!, card.priceFen!);
  record(card, 'session', { sessions: -1, sessionValueFen: -value }, e);
  return { sessionValueFen: value, sessionsLeft: left };
}

/** Demo cards: 陈雪 holds stored value (part spent at another shop) and a package with a session used; 黄丽 an expired package. */
export function seedCardDemo(): void {
  const at = (days: number) => ({ shopId: 1, orderId: null, orderNo: null, accountName: '店长', at: daysFromNow(-days) });
  const account = sellCard(2, 1, at(60));
  spendStoredValue(account, 120_000, { ...at(30), shopId: 2 });
  const lips = sellCard(4, 1, at(40));
  redeemSession(lips, at(20));
  const expired = sellCard(5, 3, { ...at(200), shopId: 3 });
  const closed = memberCards.table.find(expired.id)!;
  const value = sessionsValueFen(closed.sessionsLeft!, closed.sessionsTotal!, closed.priceFen!);
  const gone = record(closed, 'expiry', { sessions: -closed.sessionsLeft!, sessionValueFen: -value }, { ...at(20), shopId: 3 });
  memberCards.table.replace(gone, { ...gone, status: 'expired' });
}

const sum = <R>(rows: R[], fen: (row: R) => number) => rows.reduce((s, r) => s + fen(r), 0);

/** GET card-transactions/summary: liability per shop at the period's end, the period's figures and the cross-shop pairs. */
cardTransactions.route('get', '/summary', 'action:summary', ({ request }): CardSummary => {
  const { from, to } = query(cardSummaryQuerySchema, request);
  // The end of the Shanghai day `to`, or now if sooner.
  const at = new Date(Math.min(Date.parse(`${to}T15:59:59.999Z`), Date.now())).toISOString();
  const upTo = cardTransactions.table.rows.filter((t) => t.createdAt <= at);
  const inPeriod = upTo.filter((t) => shanghaiDay(t.createdAt) >= from && shanghaiDay(t.createdAt) <= to);
  const ofKinds = (rows: CardTransaction[], kinds: readonly CardTransactionKind[]) => rows.filter((t) => kinds.includes(t.kind));
  const allShops = shops.table.rows;
  const liability = allShops.map((s) => {
    const mine = upTo.filter((t) => t.soldShopId === s.id);
    const principalFen = sum(mine, (t) => t.principalFen);
    const sessionValueFen = sum(mine, (t) => t.sessionValueFen);
    return {
      shopId: s.id,
      shopName: s.name,
      principalFen,
      sessionValueFen,
      liabilityFen: principalFen + sessionValueFen,
      bonusFen: sum(mine, (t) => t.bonusFen),
    };
  });
  const figures = allShops.map((s) => {
    const here = inPeriod.filter((t) => t.shopId === s.id);
    const used = ofKinds(here, CARD_FIGURE_KINDS.consumption);
    return {
      shopId: s.id,
      shopName: s.name,
      salesFen: sum(ofKinds(here, CARD_FIGURE_KINDS.sales), (t) => t.moneyFen),
      consumptionFen: -sum(used, (t) => t.principalFen + t.sessionValueFen),
      bonusConsumptionFen: -sum(used, (t) => t.bonusFen),
      expiryFen: -sum(ofKinds(here, CARD_FIGURE_KINDS.expiries), (t) => t.principalFen + t.sessionValueFen),
      refundFen: -sum(ofKinds(here, CARD_FIGURE_KINDS.refunds), (t) => t.moneyFen),
    };
  });
  // A card of shop A used at shop B: A owes B the money value that left the card there (bonus is no money); netted per pair.
  const owed = new Map<string, number>();
  for (const t of inPeriod.filter((x) => x.shopId !== x.soldShopId)) {
    const [a, b] = [Math.min(t.soldShopId, t.shopId), Math.max(t.soldShopId, t.shopId)];
    const aOwesB = -(t.principalFen + t.sessionValueFen) * (t.soldShopId === a ? 1 : -1);
    owed.set(`${a}>${b}`, (owed.get(`${a}>${b}`) ?? 0) + aOwesB);
  }
  const settlement = [...owed].flatMap(([key, fen]) => {
    const [a, b] = key.split('>').map(Number);
    const [fromShopId, toShopId] = fen > 0 ? [a, b] : [b, a];
    if (fen === 0) return [];
    return [
      { fromShopId, fromShopName: shopName(fromShopId) ?? '', toShopId, toShopName: shopName(toShopId) ?? '', amountFen: Math.abs(fen) },
    ];
  });
  return { from, to, at, liability, figures, settlement };
});
