import {
  pgTable,
  serial,
  bigserial,
  varchar,
  integer,
  index,
  check,
  uniqueIndex,
  bigint,
  date,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CardKind, CardPlanStatus } from '../../../contract/cardPlan';
import type { MemberCardStatus } from '../../../contract/memberCard';
import type { CardTransactionKind } from '../../../contract/cardTransaction';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { accounts } from './account';
import { customers } from './customer';
import { programs } from './program';
import { orders } from './order';
import { afterSales } from './afterSale';

/**
 * What the chain sells as cards (卡项). A stored-value plan: price and bonus; a package: a program,
 * sessions and valid days. Never deleted once sold (cards point at it), only taken off shelf.
 */
export const cardPlans = pgTable(
  'card_plans',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    kind: varchar('kind', { length: 20 }).$type<CardKind>().notNull(),
    priceFen: integer('price_fen').notNull(),
    bonusFen: integer('bonus_fen').notNull().default(0),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'restrict' }),
    sessions: integer('sessions'),
    validDays: integer('valid_days'),
    status: varchar('status', { length: 10 }).$type<CardPlanStatus>().notNull().default('on'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('card_plans_status_kind_idx').on(t.status, t.kind),
    check('card_plans_money', sql`${t.priceFen} > 0 and ${t.bonusFen} >= 0`),
    check(
      'card_plans_kind_terms',
      sql`(${t.kind} = 'stored-value' and ${t.programId} is null and ${t.sessions} is null and ${t.validDays} is null)
        or (${t.kind} = 'package' and ${t.bonusFen} = 0 and ${t.programId} is not null
            and ${t.sessions} between 1 and 100 and ${t.validDays} between 1 and 3650)`,
    ),
  ],
);

/**
 * A customer's card: the one stored-value account (opened by the first stored-value sale, topped up
 * by the next) or a package (one per sale). The balance columns are the sums of the card's
 * transactions, kept in the same transaction as each of them; the checks make an overdraw fail
 * whatever the code above them does. status: active | used-up | expired | refunded
 */
export const memberCards = pgTable(
  'member_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 20 }).$type<CardKind>().notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => cardPlans.id, { onDelete: 'restrict' }),
    planName: varchar('plan_name', { length: 50 }).notNull(),
    principalFen: integer('principal_fen').notNull().default(0),
    bonusFen: integer('bonus_fen').notNull().default(0),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'restrict' }),
    sessionsLeft: integer('sessions_left'),
    sessionsTotal: integer('sessions_total'),
    /** A package's price as sold: its sessions are valued from it (contract/cardMoney.ts). */
    priceFen: integer('price_fen'),
    validUntil: instant('valid_until'),
    status: varchar('status', { length: 20 }).$type<MemberCardStatus>().notNull().default('active'),
    /** The shop that opened the card: it holds the money and owes the balance. */
    soldShopId: integer('sold_shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** The order that opened the card. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('member_cards_customer_idx').on(t.customerId, t.id),
    index('member_cards_sold_shop_idx').on(t.soldShopId),
    index('member_cards_plan_idx').on(t.planId),
    // The packages the periodic job closes.
    index('member_cards_active_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'active' and ${t.validUntil} is not null`),
    // One open stored-value account per customer: a second sale tops it up.
    uniqueIndex('member_cards_one_stored_value_key')
      .on(t.customerId)
      .where(sql`${t.kind} = 'stored-value' and ${t.status} <> 'refunded'`),
    check('member_cards_principal_nonneg', sql`${t.principalFen} >= 0`),
    check('member_cards_bonus_nonneg', sql`${t.bonusFen} >= 0`),
    check('member_cards_sessions_nonneg', sql`${t.sessionsLeft} >= 0 and ${t.sessionsLeft} <= ${t.sessionsTotal}`),
  ],
);

/**
 * Every change of a card, never updated or deleted: signed deltas of principal, bonus, sessions and
 * the sessions' value, the money received or paid back with it, where (shop), why (order,
 * after-sale) and by whom. The card's kind and shop are copied so the finance figures read this
 * table alone.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => memberCards.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    cardKind: varchar('card_kind', { length: 20 }).$type<CardKind>().notNull(),
    kind: varchar('kind', { length: 20 }).$type<CardTransactionKind>().notNull(),
    principalFen: integer('principal_fen').notNull().default(0),
    bonusFen: integer('bonus_fen').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    sessionValueFen: integer('session_value_fen').notNull().default(0),
    moneyFen: integer('money_fen').notNull().default(0),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    soldShopId: integer('sold_shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    afterSaleId: integer('after_sale_id').references(() => afterSales.id, { onDelete: 'restrict' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountName: varchar('account_name', { length: 30 }).notNull().default(''),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /**
     * A reversal's business day: the day the refund counts on in its shop's close, as a refund's ledger
     * entries are dated (server/dailyClose/businessDay.ts). Null on every other kind.
     */
    businessDay: date('business_day', { mode: 'string' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('card_transactions_card_idx').on(t.cardId, t.id),
    index('card_transactions_customer_idx').on(t.customerId, t.createdAt),
    index('card_transactions_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('card_transactions_order_idx').on(t.orderId),
    index('card_transactions_after_sale_idx').on(t.afterSaleId),
    index('card_transactions_created_idx').on(t.createdAt, t.id),
    index('card_transactions_kind_created_idx').on(t.kind, t.createdAt),
    // The refunds onto stored value a close counts (server/dailyClose/dayMoney.ts).
    index('card_transactions_reversal_day_idx')
      .on(t.shopId, t.businessDay)
      .where(sql`${t.kind} = 'reversal'`),
  ],
);

/**
 * What the cards each shop sold moved per Shanghai day: the sums of principal, bonus and session
 * value of their transactions. Kept only by the trigger on card_transactions (card_shop_days_apply),
 * in the transaction that writes them; the liability at the end of a day is the sum of its shop's
 * rows up to that day (a few thousand rows, however many transactions).
 *
 * A shop-day has up to 16 rows, one per slot, as shop_day_sales (server/db/schema/report.ts): with
 * one row, every card paid at any counter waited for the commit of every other card the same shop
 * sold. Readers sum the slots.
 */
export const cardShopDays = pgTable(
  'card_shop_days',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull().default(0),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull().default(0),
    bonusFen: bigint('bonus_fen', { mode: 'number' }).notNull().default(0),
    sessionValueFen: bigint('session_value_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'card_shop_days_pkey', columns: [t.shopId, t.day, t.slot] })],
);
