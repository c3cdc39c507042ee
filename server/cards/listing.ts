import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardTransactions, customers, memberCards, programs, shops } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { listQuery, listSpec, textSearch } from '../db/list/listQuery';
import { listRequestSchema, type ListRequest } from '../http/listRequest';
import { dayRange } from '../db/list/dayRange';
import { serverResource, type RowOf } from '../http/resource';
import { searchBy } from '../appointments/listing';
import { CUSTOMER_LOOKUP_ACTION, LOOKUP_VALID_HOURS } from '../customers/lookup';
import { maskPhone } from '../../contract/mask';
import { memberCardResource, type MemberCard, type MemberCardStatus } from '../../contract/memberCard';
import { cardTransactionResource, type CardTransaction } from '../../contract/cardTransaction';
import type { CardKind } from '../../contract/cardPlan';
import { shopNameOf } from '../db/shopName';

const c = memberCards;

/**
 * The cards a session may read: admin and finance all; a shop-manager those of its shop's customers
 * and of a chain customer its account looked up by full phone in the last day (the same grant that
 * lets it bill them, server/orders/createOrder.ts), so the counter serving them sees the balance.
 */
function visibleCards(session: SessionContext): SQL | undefined {
  if (session.role !== 'shop-manager') return undefined;
  return or(
    eq(customers.shopId, session.shopId ?? -1),
    sql`exists (select 1 from audit_logs a where a.entity = 'customer' and a.entity_id = ${c.customerId}::text
          and a.action = ${CUSTOMER_LOOKUP_ACTION} and a.account_id = ${session.accountId}
          and a.created_at > now() - make_interval(hours => ${LOOKUP_VALID_HOURS}::int))`,
  );
}

const memberCardSpec = listSpec({
  filters: memberCardResource.filters,
  sortable: memberCardResource.sortable,
  columns: {
    id: c.id,
    customerId: c.customerId,
    kind: c.kind,
    status: c.status,
    soldShopId: c.soldShopId,
    planId: c.planId,
    validUntil: c.validUntil,
    createdAt: c.createdAt,
  },
  idColumn: c.id,
  defaultSort: [desc(c.id)],
  search: searchBy(customers.name, customers.phone),
});

/** The query string of GET member-cards. */
export const memberCardListQuery = listRequestSchema(memberCardSpec);

/**
 * One page of GET member-cards for a session, with its total: each card with its customer (phone
 * masked), program and selling shop; the newest first.
 */
export async function listMemberCards(
  db: Db,
  session: SessionContext,
  request: ListRequest,
): Promise<{ rows: MemberCard[]; total: number }> {
  const list = listQuery(request, memberCardSpec);
  const where = and(visibleCards(session), list.where);
  const [found, [{ total }]] = await Promise.all([
    db
      .select({
        card: c,
        customerName: customers.name,
        customerPhone: customers.phone,
        programName: programs.name,
        soldShopName: shops.name,
      })
      .from(c)
      .innerJoin(customers, eq(customers.id, c.customerId))
      .innerJoin(shops, eq(shops.id, c.soldShopId))
      .leftJoin(programs, eq(programs.id, c.programId))
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(c)
      .innerJoin(customers, eq(customers.id, c.customerId))
      .where(where),
  ]);
  const rows = found.map(({ card, customerName, customerPhone, programName, soldShopName }) => ({
    id: card.id,
    customerId: card.customerId,
    customerName,
    customerPhone: maskPhone(customerPhone),
    kind: card.kind as CardKind,
    planId: card.planId,
    planName: card.planName,
    principalFen: card.principalFen,
    bonusFen: card.bonusFen,
    programId: card.programId,
    programName,
    sessionsLeft: card.sessionsLeft,
    sessionsTotal: card.sessionsTotal,
    priceFen: card.priceFen,
    validUntil: card.validUntil,
    status: card.status as MemberCardStatus,
    soldShopId: card.soldShopId,
    soldShopName,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  }));
  return { rows, total };
}

const t = cardTransactions;

/** The number of the order a transaction came from, written out as shopNameOf explains. */
export const transactionOrderNo = sql<string | null>`(select o.order_no from orders o where o.id = card_transactions.order_id)`;
export const transactionCustomerName = sql<string>`(select cu.name from customers cu where cu.id = card_transactions.customer_id)`;

/**
 * GET card-transactions: admin and finance every card's; a shop-manager those of its own
 * customers' cards only (the shop serving a chain customer of another shop sees the balance, not the
 * history). The latest first.
 */
export const cardTransactionList = serverResource({
  descriptor: cardTransactionResource,
  table: cardTransactions,
  entity: 'card-transaction',
  shopThrough: (shopId) => sql`${t.customerId} in (select cu.id from customers cu where cu.shop_id = ${shopId})`,
  columns: {
    id: t.id,
    cardId: t.cardId,
    customerId: t.customerId,
    shopId: t.shopId,
    soldShopId: t.soldShopId,
    cardKind: t.cardKind,
    kind: t.kind,
    orderId: t.orderId,
    afterSaleId: t.afterSaleId,
    ...dayRange(t.createdAt, 'instant'),
    createdAt: t.createdAt,
  },
  idColumn: t.id,
  defaultSort: [desc(t.createdAt)],
  search: textSearch(t.note),
  derived: { shopName: shopNameOf(t), orderNo: transactionOrderNo, customerName: transactionCustomerName },
});

export type CardTransactionRow = RowOf<typeof cardTransactions> & { shopName: string; orderNo: string | null; customerName: string };

export function cardTransactionView(r: CardTransactionRow): CardTransaction {
  return {
    id: r.id,
    cardId: r.cardId,
    customerId: r.customerId,
    customerName: r.customerName,
    cardKind: r.cardKind,
    kind: r.kind,
    principalFen: r.principalFen,
    bonusFen: r.bonusFen,
    sessions: r.sessions,
    sessionValueFen: r.sessionValueFen,
    moneyFen: r.moneyFen,
    shopId: r.shopId,
    shopName: r.shopName,
    soldShopId: r.soldShopId,
    orderId: r.orderId,
    orderNo: r.orderNo,
    afterSaleId: r.afterSaleId,
    accountName: r.accountName,
    note: r.note,
    createdAt: r.createdAt,
  };
}
