import type pg from 'pg';
import type { Period } from '../reports/period';
import type { CardLiabilityShop, CardSettlementPair, CardShopFigures } from '../../contract/cardTransaction';
import { CARD_FIGURE_KINDS } from '../../contract/cardTransaction';

/**
 * The money figures of cards (docs/member-money.md), read with SQL over card_transactions, whose rows
 * carry every delta and the shops involved: the liability, the period's figures per shop, and the
 * cross-shop settlement.
 */

/** 现金业绩, 消耗业绩 and 赠送消耗 of a shop in a period. */
export interface MoneyFigures {
  shopId: number;
  cashFen: number;
  consumptionFen: number;
  bonusConsumptionFen: number;
}

/**
 * Per shop of a period (one shop or all): 现金业绩, the money of its book (service income, card
 * sales, refunds: ledger entries by their day); 消耗业绩, services delivered: the service income
 * paid in money plus the principal spent and sessions redeemed at the shop at their value; and
 * 赠送消耗, the bonus spent there.
 */
export async function moneyFigures(pool: pg.Pool, period: Period, shopId: number | null): Promise<Map<number, MoneyFigures>> {
  const { rows } = await pool.query<MoneyFigures>(
    `with book as (
       select shop_id, sum(amount_fen)::int8 as cash, coalesce(sum(amount_fen) filter (where category = 'service'), 0)::int8 as service
       from ledger_entries where occurred_on between $1::date and $2::date and category in ('service', 'card-sale', 'refund')
         and ($5::int is null or shop_id = $5) group by shop_id),
     used as (
       select shop_id, -sum(principal_fen + session_value_fen)::int8 as used, -sum(bonus_fen)::int8 as bonus
       from card_transactions where created_at >= $3 and created_at < $4 and kind = any($6::text[])
         and ($5::int is null or shop_id = $5) group by shop_id)
     select coalesce(book.shop_id, used.shop_id) as "shopId", coalesce(book.cash, 0) as "cashFen",
            coalesce(book.service, 0) + coalesce(used.used, 0) as "consumptionFen", coalesce(used.bonus, 0) as "bonusConsumptionFen"
     from book full join used on used.shop_id = book.shop_id`,
    [period.from, period.to, period.start, period.end, shopId, CARD_FIGURE_KINDS.consumption],
  );
  return new Map(rows.map((r) => [r.shopId, r]));
}

/** What a shop without card movements shows. */
export const NO_MONEY = { cashFen: 0, consumptionFen: 0, bonusConsumptionFen: 0 } as const;

/**
 * Every shop's liability at the end of the Shanghai day `day` (null: now): principal and package
 * sessions left at their value of the cards it sold, bonus apart. Now is the cards' own balances; the
 * end of a day is the sum of card_shop_days up to it (rows per shop and day the card transactions'
 * trigger keeps), so its cost does not grow with the number of transactions.
 */
export async function cardLiability(pool: pg.Pool, day: string | null): Promise<CardLiabilityShop[]> {
  const { rows } = await pool.query<CardLiabilityShop>(
    `with held as (
       select sold_shop_id as shop_id, sum(principal_fen)::int8 as principal, sum(bonus_fen)::int8 as bonus,
              sum(case when kind = 'package' then floor(price_fen::int8 * sessions_left / sessions_total) else 0 end)::int8 as sessions
       from member_cards where $1::date is null group by sold_shop_id
       union all
       select shop_id, sum(principal_fen)::int8, sum(bonus_fen)::int8, sum(session_value_fen)::int8
       from card_shop_days where $1::date is not null and day <= $1::date group by shop_id)
     select s.id as "shopId", s.name as "shopName", h.principal as "principalFen", h.sessions as "sessionValueFen",
            h.principal + h.sessions as "liabilityFen", h.bonus as "bonusFen"
     from held h join shops s on s.id = h.shop_id
     order by "liabilityFen" desc, s.id`,
    [day],
  );
  return rows;
}

/** Each shop's card figures of a period, by the kinds of CARD_FIGURE_KINDS (shops without any left out). */
export async function cardShopFigures(pool: pg.Pool, period: Period): Promise<CardShopFigures[]> {
  const { rows } = await pool.query<CardShopFigures>(
    `select s.id as "shopId", s.name as "shopName",
            coalesce(sum(t.money_fen) filter (where t.kind = any($3::text[])), 0)::int8 as "salesFen",
            coalesce(-sum(t.principal_fen + t.session_value_fen) filter (where t.kind = any($4::text[])), 0)::int8 as "consumptionFen",
            coalesce(-sum(t.bonus_fen) filter (where t.kind = any($4::text[])), 0)::int8 as "bonusConsumptionFen",
            coalesce(-sum(t.principal_fen + t.session_value_fen) filter (where t.kind = any($5::text[])), 0)::int8 as "expiryFen",
            coalesce(-sum(t.money_fen) filter (where t.kind = any($6::text[])), 0)::int8 as "refundFen"
     from card_transactions t join shops s on s.id = t.shop_id
     where t.created_at >= $1 and t.created_at < $2
     group by s.id order by s.id`,
    [
      period.start,
      period.end,
      CARD_FIGURE_KINDS.sales,
      CARD_FIGURE_KINDS.consumption,
      CARD_FIGURE_KINDS.expiries,
      CARD_FIGURE_KINDS.refunds,
    ],
  );
  return rows;
}

/**
 * The period's cross-shop card use netted per pair of shops: the shop that sold a card holds its money,
 * so a card of shop A spent or refunded at shop B makes A owe B the money value that left the card
 * there (principal and sessions at their value; bonus is no money), and a top-up at B of A's card
 * makes B owe A. Answered as "from owes to amount", amount > 0, largest first.
 */
export async function cardSettlement(pool: pg.Pool, period: Period): Promise<CardSettlementPair[]> {
  const { rows } = await pool.query<CardSettlementPair>(
    `with moved as (
       select sold_shop_id as card_shop, shop_id as serving_shop, -sum(principal_fen + session_value_fen)::int8 as owed
       from card_transactions where created_at >= $1 and created_at < $2 and shop_id <> sold_shop_id
       group by sold_shop_id, shop_id),
     pairs as (
       select least(card_shop, serving_shop) as a, greatest(card_shop, serving_shop) as b,
              sum(case when card_shop < serving_shop then owed else -owed end)::int8 as a_owes_b
       from moved group by 1, 2)
     select case when a_owes_b > 0 then a else b end as "fromShopId", fa.name as "fromShopName",
            case when a_owes_b > 0 then b else a end as "toShopId", ta.name as "toShopName", abs(a_owes_b) as "amountFen"
     from pairs
     join shops fa on fa.id = case when a_owes_b > 0 then a else b end
     join shops ta on ta.id = case when a_owes_b > 0 then b else a end
     where a_owes_b <> 0
     order by "amountFen" desc, "fromShopId", "toShopId"`,
    [period.start, period.end],
  );
  return rows;
}
