ALTER TABLE "card_shop_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_day_sales" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_shop_days" DROP CONSTRAINT "card_shop_days_pkey";
--> statement-breakpoint
ALTER TABLE "card_shop_days" ADD CONSTRAINT "card_shop_days_pkey" PRIMARY KEY("shop_id","day","slot");--> statement-breakpoint
ALTER TABLE "shop_day_sales" DROP CONSTRAINT "shop_day_sales_pkey";
--> statement-breakpoint
ALTER TABLE "shop_day_sales" ADD CONSTRAINT "shop_day_sales_pkey" PRIMARY KEY("shop_id","day","slot");--> statement-breakpoint
-- The summaries' rows are split into 16 slots per shop-day, picked by the writer's connection
-- (pg_backend_pid() mod 16): a summary row stays locked until its transaction commits, so with one
-- row per shop-day every pay of a shop waited for the commit of the one before. Concurrent
-- transactions run on different connections and mostly update different rows; a bulk load through
-- one connection fills one slot. Otherwise as in the reporting and member-cards migrations.
CREATE OR REPLACE FUNCTION shop_day_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer_slot smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shop_day_sales AS s (shop_id, day, slot, order_count, paid_fen, refunded_fen)
    SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, writer_slot, count(*), sum(paid_fen), sum(refunded_fen)
    FROM new_rows WHERE paid_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (shop_id, day, slot) DO UPDATE SET order_count = s.order_count + excluded.order_count,
      paid_fen = s.paid_fen + excluded.paid_fen, refunded_fen = s.refunded_fen + excluded.refunded_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shop_day_sales AS s (shop_id, day, slot, order_count, paid_fen, refunded_fen)
    SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, writer_slot, -count(*), -sum(paid_fen), -sum(refunded_fen)
    FROM old_rows WHERE paid_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (shop_id, day, slot) DO UPDATE SET order_count = s.order_count + excluded.order_count,
      paid_fen = s.paid_fen + excluded.paid_fen, refunded_fen = s.refunded_fen + excluded.refunded_fen;
  ELSE
    INSERT INTO shop_day_sales AS s (shop_id, day, slot, order_count, paid_fen, refunded_fen)
    SELECT shop_id, day, writer_slot, sum(n), sum(paid), sum(refunded) FROM (
      SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS n, paid_fen::bigint AS paid, refunded_fen::bigint AS refunded
      FROM new_rows WHERE paid_at IS NOT NULL
      UNION ALL
      SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, -1, -paid_fen::bigint, -refunded_fen::bigint
      FROM old_rows WHERE paid_at IS NOT NULL
    ) d GROUP BY 1, 2
    -- An update that moves no money (a note, a status word) touches no summary row.
    HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refunded) <> 0
    ORDER BY 1, 2
    ON CONFLICT (shop_id, day, slot) DO UPDATE SET order_count = s.order_count + excluded.order_count,
      paid_fen = s.paid_fen + excluded.paid_fen, refunded_fen = s.refunded_fen + excluded.refunded_fen;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_shop_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer_slot smallint := pg_backend_pid() % 16;
BEGIN
  INSERT INTO card_shop_days AS d (shop_id, day, slot, principal_fen, bonus_fen, session_value_fen)
  SELECT sold_shop_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, writer_slot, sum(principal_fen), sum(bonus_fen), sum(session_value_fen)
  FROM new_rows GROUP BY 1, 2
  HAVING sum(principal_fen) <> 0 OR sum(bonus_fen) <> 0 OR sum(session_value_fen) <> 0
  ORDER BY 1, 2
  ON CONFLICT (shop_id, day, slot) DO UPDATE SET principal_fen = d.principal_fen + excluded.principal_fen,
    bonus_fen = d.bonus_fen + excluded.bonus_fen, session_value_fen = d.session_value_fen + excluded.session_value_fen;
  RETURN NULL;
END
$$;
