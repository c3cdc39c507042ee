CREATE TABLE "shop_customer_days" (
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"paid_days" datemultirange NOT NULL,
	CONSTRAINT "shop_customer_days_pkey" PRIMARY KEY("shop_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "shop_customer_days" ADD CONSTRAINT "shop_customer_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_customer_days" ADD CONSTRAINT "shop_customer_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- shop_customer_days holds, per shop and customer, the Shanghai days of the customer's paid orders
-- there, so the distinct customers of a period are counted over one row per customer rather than
-- over the period's orders. Kept by these statement triggers in the very transaction that writes
-- the orders, whoever writes them: a paid order counts in the next report. A refund changes no
-- paid day (an order counts by its paid day whatever is refunded of it later).
--
-- A pair whose days may shrink (an order deleted, unpaid, moved to another customer, shop or day)
-- is counted again from its orders. Its row is locked first, created if missing, so that a writer
-- adding a day to the same pair meanwhile is either waited for (and its order then seen: each
-- statement of a volatile function reads a fresh snapshot) or waits for us and adds its day after.
CREATE FUNCTION shop_customer_days_recount(shop integer, customer integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  days datemultirange;
BEGIN
  INSERT INTO shop_customer_days AS s (shop_id, customer_id, paid_days) VALUES (shop, customer, '{}')
  ON CONFLICT (shop_id, customer_id) DO UPDATE SET paid_days = s.paid_days;
  SELECT range_agg(daterange(d, d, '[]')) INTO days FROM (
    SELECT (paid_at AT TIME ZONE 'Asia/Shanghai')::date AS d FROM orders
    WHERE shop_id = shop AND customer_id = customer AND paid_at IS NOT NULL) o;
  IF days IS NULL THEN
    DELETE FROM shop_customer_days WHERE shop_id = shop AND customer_id = customer;
  ELSE
    UPDATE shop_customer_days SET paid_days = days WHERE shop_id = shop AND customer_id = customer;
  END IF;
END
$$;
--> statement-breakpoint
-- The (shop, customer, paid day) of the orders a statement changed: inserted paid orders add days
-- (a union per pair, however many orders); deleted ones, and updates that take a paid day away,
-- recount their pairs; an update that changes no paid day, customer or shop (a refund, a note)
-- touches nothing. Pairs are always taken in key order, so two writers lock them in the same order.
CREATE FUNCTION shop_customer_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop_ids integer[];
  customer_ids integer[];
  days date[];
  lost boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(shop_id), array_agg(customer_id), array_agg((paid_at AT TIME ZONE 'Asia/Shanghai')::date), false
    INTO shop_ids, customer_ids, days, lost
    FROM new_rows WHERE paid_at IS NOT NULL AND customer_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(shop_id), array_agg(customer_id), NULL, true
    INTO shop_ids, customer_ids, days, lost
    FROM old_rows WHERE paid_at IS NOT NULL AND customer_id IS NOT NULL;
  ELSE
    WITH before AS (
           SELECT shop_id, customer_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day FROM old_rows
           WHERE paid_at IS NOT NULL AND customer_id IS NOT NULL),
         after AS (
           SELECT shop_id, customer_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day FROM new_rows
           WHERE paid_at IS NOT NULL AND customer_id IS NOT NULL),
         taken AS (TABLE before EXCEPT ALL TABLE after)
    SELECT array_agg(shop_id), array_agg(customer_id), array_agg(day), EXISTS (TABLE taken)
    INTO shop_ids, customer_ids, days, lost
    FROM ((TABLE after EXCEPT ALL TABLE before) UNION ALL TABLE taken) changed;
  END IF;
  IF shop_ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF lost THEN
    PERFORM shop_customer_days_recount(shop_id, customer_id)
    FROM (SELECT DISTINCT shop_id, customer_id FROM unnest(shop_ids, customer_ids) AS c(shop_id, customer_id) ORDER BY 1, 2) p;
  ELSE
    INSERT INTO shop_customer_days AS s (shop_id, customer_id, paid_days)
    SELECT shop_id, customer_id, range_agg(daterange(day, day, '[]'))
    FROM unnest(shop_ids, customer_ids, days) AS o(shop_id, customer_id, day)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (shop_id, customer_id) DO UPDATE SET paid_days = s.paid_days + excluded.paid_days;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_days_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_customer_days_apply();
--> statement-breakpoint
CREATE TRIGGER orders_customer_days_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_customer_days_apply();
--> statement-breakpoint
CREATE TRIGGER orders_customer_days_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_customer_days_apply();
--> statement-breakpoint
CREATE FUNCTION shop_customer_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shop_customer_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_days_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION shop_customer_days_clear();
--> statement-breakpoint
-- Orders paid before this migration.
INSERT INTO shop_customer_days (shop_id, customer_id, paid_days)
SELECT shop_id, customer_id, range_agg(daterange(day, day, '[]')) FROM (
  SELECT shop_id, customer_id, (paid_at AT TIME ZONE 'Asia/Shanghai')::date AS day FROM orders
  WHERE paid_at IS NOT NULL AND customer_id IS NOT NULL) o
GROUP BY 1, 2;
