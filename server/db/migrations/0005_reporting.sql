CREATE TABLE "shop_day_sales" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_day_sales_pkey" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
ALTER TABLE "shop_day_sales" ADD CONSTRAINT "shop_day_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_day_sales_day_idx" ON "shop_day_sales" USING btree ("day","shop_id");--> statement-breakpoint
CREATE INDEX "orders_paid_shop_customer_idx" ON "orders" USING btree ("paid_at","shop_id","customer_id");--> statement-breakpoint
CREATE INDEX "performance_records_reviewed_idx" ON "performance_records" USING btree ("reviewed_at");--> statement-breakpoint
-- shop_day_sales is what the reports read instead of a year of orders: per shop and Shanghai day of
-- paid_at, the paid orders, what they paid and what was refunded of them since. These statement
-- triggers keep it in the very transaction that writes the orders, whoever writes them (cashier,
-- refund, seed), so a paid order or an executed refund shows in the next report. Each statement's
-- rows are summed per shop and day first (one upsert per day, not per order), in key order so two
-- writers lock the same rows in the same order.
CREATE FUNCTION shop_day_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shop_day_sales AS s (shop_id, day, order_count, paid_fen, refunded_fen)
    SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), sum(paid_fen), sum(refunded_fen)
    FROM new_rows WHERE paid_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (shop_id, day) DO UPDATE SET order_count = s.order_count + excluded.order_count,
      paid_fen = s.paid_fen + excluded.paid_fen, refunded_fen = s.refunded_fen + excluded.refunded_fen;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shop_day_sales AS s (shop_id, day, order_count, paid_fen, refunded_fen)
    SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, -count(*), -sum(paid_fen), -sum(refunded_fen)
    FROM old_rows WHERE paid_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (shop_id, day) DO UPDATE SET order_count = s.order_count + excluded.order_count,
      paid_fen = s.paid_fen + excluded.paid_fen, refunded_fen = s.refunded_fen + excluded.refunded_fen;
  ELSE
    INSERT INTO shop_day_sales AS s (shop_id, day, order_count, paid_fen, refunded_fen)
    SELECT shop_id, day, sum(n), sum(paid), sum(refunded) FROM (
      SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS n, paid_fen::bigint AS paid, refunded_fen::bigint AS refunded
      FROM new_rows WHERE paid_at IS NOT NULL
      UNION ALL
      SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, -1, -paid_fen::bigint, -refunded_fen::bigint
      FROM old_rows WHERE paid_at IS NOT NULL
    ) d GROUP BY 1, 2
    -- An update that moves no money (a note, a status word) touches no summary row.
    HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(refunded) <> 0
    ORDER BY 1, 2
    ON CONFLICT (shop_id, day) DO UPDATE SET order_count = s.order_count + excluded.order_count,
      paid_fen = s.paid_fen + excluded.paid_fen, refunded_fen = s.refunded_fen + excluded.refunded_fen;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_day_sales_apply();
--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_day_sales_apply();
--> statement-breakpoint
CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_day_sales_apply();
--> statement-breakpoint
CREATE FUNCTION shop_day_sales_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shop_day_sales;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION shop_day_sales_clear();
--> statement-breakpoint
-- Orders paid before this migration.
INSERT INTO shop_day_sales (shop_id, day, order_count, paid_fen, refunded_fen)
SELECT shop_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), sum(paid_fen), sum(refunded_fen)
FROM orders WHERE paid_at IS NOT NULL GROUP BY 1, 2;
