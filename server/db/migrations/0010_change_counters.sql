CREATE TABLE "change_counters" (
	"topic" text NOT NULL,
	"shop_id" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "change_counters_pkey" PRIMARY KEY("topic","shop_id")
);
--> statement-breakpoint
-- A fresh value for every bump: a counter never takes a value it had before, even after its rows
-- are truncated, so a kept answer can never meet its old version again.
CREATE SEQUENCE "change_counter_seq";
--> statement-breakpoint
-- Bumps the counter of the topic (TG_ARGV[0]) for the shop of a changed row (shops: its id) and, on
-- an update that moves the row, for the shop it left; once per topic and shop and transaction.
-- Called by deferred constraint triggers, so it runs at commit: the counter row stays locked only
-- while the transaction commits, not while the rest of it (a booking's history, messages, audit)
-- is written.
CREATE FUNCTION change_counter_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_shop integer;
  new_shop integer;
  shops integer[];
  shop integer;
  flag text;
BEGIN
  -- Each field is read in its own branch: plpgsql checks a field name only when its line runs.
  IF TG_TABLE_NAME = 'shops' THEN
    IF TG_OP <> 'INSERT' THEN left_shop := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN new_shop := NEW.id; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN left_shop := OLD.shop_id; END IF;
    IF TG_OP <> 'DELETE' THEN new_shop := NEW.shop_id; END IF;
  END IF;
  -- Plain expressions, no query: this runs once per written row (a bulk load writes millions).
  IF left_shop <> new_shop THEN
    shops := ARRAY[least(left_shop, new_shop), greatest(left_shop, new_shop)];
  ELSE
    shops := ARRAY[coalesce(new_shop, left_shop)];
  END IF;
  FOREACH shop IN ARRAY shops LOOP
    flag := 'change_counters.' || TG_ARGV[0] || '_' || shop;
    CONTINUE WHEN current_setting(flag, true) = 'bumped';
    INSERT INTO change_counters AS c (topic, shop_id, version) VALUES (TG_ARGV[0], shop, nextval('change_counter_seq'))
    ON CONFLICT (topic, shop_id) DO UPDATE SET version = excluded.version;
    PERFORM set_config(flag, 'bumped', true);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE names no rows: shop 0 stands for every shop, and every reader of the topic counts it.
CREATE FUNCTION change_counter_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_counters AS c (topic, shop_id, version) VALUES (TG_ARGV[0], 0, nextval('change_counter_seq'))
  ON CONFLICT (topic, shop_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- calendar: the booking calendar's rows (customer, program and staff names are copied into them).
CREATE CONSTRAINT TRIGGER appointments_change_counter AFTER INSERT OR UPDATE OR DELETE ON appointments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('calendar');
--> statement-breakpoint
CREATE TRIGGER appointments_change_counter_truncate AFTER TRUNCATE ON appointments FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('calendar');
--> statement-breakpoint
-- reports: what the rankings, trends and the chain's and finance's Workplace read (orders and the
-- summaries their triggers keep, new customers, performance records, after-sales, staff and shop names).
CREATE CONSTRAINT TRIGGER orders_change_counter AFTER INSERT OR UPDATE OR DELETE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customers_change_counter AFTER INSERT OR UPDATE OR DELETE ON customers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER performance_records_change_counter AFTER INSERT OR UPDATE OR DELETE ON performance_records DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER after_sales_change_counter AFTER INSERT OR UPDATE OR DELETE ON after_sales DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER staff_change_counter AFTER INSERT OR UPDATE OR DELETE ON staff DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shops_change_counter AFTER INSERT OR UPDATE OR DELETE ON shops DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE TRIGGER orders_change_counter_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
--> statement-breakpoint
CREATE TRIGGER customers_change_counter_truncate AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
--> statement-breakpoint
CREATE TRIGGER performance_records_change_counter_truncate AFTER TRUNCATE ON performance_records FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
--> statement-breakpoint
CREATE TRIGGER after_sales_change_counter_truncate AFTER TRUNCATE ON after_sales FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
--> statement-breakpoint
CREATE TRIGGER staff_change_counter_truncate AFTER TRUNCATE ON staff FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
--> statement-breakpoint
CREATE TRIGGER shops_change_counter_truncate AFTER TRUNCATE ON shops FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
