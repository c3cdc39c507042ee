import type pg from 'pg';

/**
 * `count` card transactions over the last two years on the cards there are, for the liability bench:
 * pairs of a top-up and a spend of the same amount on one card, so every card's balance stays the sum
 * of its transactions. One statement (generate_series), a few seconds for a million rows.
 */
export async function seedCardTransactions(pool: pg.Pool, count: number): Promise<void> {
  await pool.query(
    `with cards as (select array_agg(id order by id) as ids, count(*)::int as n from member_cards)
     insert into card_transactions (card_id, customer_id, card_kind, kind, principal_fen, money_fen, shop_id, sold_shop_id, note, created_at)
     select c.id, c.customer_id, c.kind, case when g % 2 = 0 then 'top-up' else 'spend' end,
            case when g % 2 = 0 then 100 else -100 end, case when g % 2 = 0 then 100 else 0 end,
            c.sold_shop_id, c.sold_shop_id, 'bench', now() - random() * interval '730 days'
     from cards cross join generate_series(0, $1::int - 1) g
     join member_cards c on c.id = cards.ids[1 + (g / 2) % cards.n]`,
    [count],
  );
  // As autovacuum would have by then: the visibility map lets the liability read its index alone.
  await pool.query('vacuum analyze card_transactions');
}
