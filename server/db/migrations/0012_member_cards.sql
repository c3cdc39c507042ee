CREATE TABLE "card_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"price_fen" integer NOT NULL,
	"bonus_fen" integer DEFAULT 0 NOT NULL,
	"program_id" integer,
	"sessions" integer,
	"valid_days" integer,
	"status" varchar(10) DEFAULT 'on' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_plans_money" CHECK ("card_plans"."price_fen" > 0 and "card_plans"."bonus_fen" >= 0),
	CONSTRAINT "card_plans_kind_terms" CHECK (("card_plans"."kind" = 'stored-value' and "card_plans"."program_id" is null and "card_plans"."sessions" is null and "card_plans"."valid_days" is null)
        or ("card_plans"."kind" = 'package' and "card_plans"."bonus_fen" = 0 and "card_plans"."program_id" is not null
            and "card_plans"."sessions" between 1 and 100 and "card_plans"."valid_days" between 1 and 3650))
);
--> statement-breakpoint
CREATE TABLE "card_shop_days" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"principal_fen" bigint DEFAULT 0 NOT NULL,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"session_value_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_shop_days_pkey" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"card_kind" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"principal_fen" integer DEFAULT 0 NOT NULL,
	"bonus_fen" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"session_value_fen" integer DEFAULT 0 NOT NULL,
	"money_fen" integer DEFAULT 0 NOT NULL,
	"shop_id" integer NOT NULL,
	"sold_shop_id" integer NOT NULL,
	"order_id" integer,
	"after_sale_id" integer,
	"account_id" integer,
	"account_name" varchar(30) DEFAULT '' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" varchar(50) NOT NULL,
	"principal_fen" integer DEFAULT 0 NOT NULL,
	"bonus_fen" integer DEFAULT 0 NOT NULL,
	"program_id" integer,
	"sessions_left" integer,
	"sessions_total" integer,
	"price_fen" integer,
	"valid_until" timestamp with time zone,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"sold_shop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_principal_nonneg" CHECK ("member_cards"."principal_fen" >= 0),
	CONSTRAINT "member_cards_bonus_nonneg" CHECK ("member_cards"."bonus_fen" >= 0),
	CONSTRAINT "member_cards_sessions_nonneg" CHECK ("member_cards"."sessions_left" >= 0 and "member_cards"."sessions_left" <= "member_cards"."sessions_total")
);
--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "card_plans" ADD CONSTRAINT "card_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_shop_days" ADD CONSTRAINT "card_shop_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_sold_shop_id_shops_id_fk" FOREIGN KEY ("sold_shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_plan_id_card_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."card_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_sold_shop_id_shops_id_fk" FOREIGN KEY ("sold_shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_plans_status_kind_idx" ON "card_plans" USING btree ("status","kind");--> statement-breakpoint
CREATE INDEX "card_transactions_card_idx" ON "card_transactions" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_transactions_customer_idx" ON "card_transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "card_transactions_shop_created_idx" ON "card_transactions" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_order_idx" ON "card_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "card_transactions_after_sale_idx" ON "card_transactions" USING btree ("after_sale_id");--> statement-breakpoint
CREATE INDEX "card_transactions_created_idx" ON "card_transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_kind_created_idx" ON "card_transactions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "member_cards_customer_idx" ON "member_cards" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "member_cards_sold_shop_idx" ON "member_cards" USING btree ("sold_shop_id");--> statement-breakpoint
CREATE INDEX "member_cards_plan_idx" ON "member_cards" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "member_cards_active_valid_until_idx" ON "member_cards" USING btree ("valid_until") WHERE "member_cards"."status" = 'active' and "member_cards"."valid_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_one_stored_value_key" ON "member_cards" USING btree ("customer_id") WHERE "member_cards"."kind" = 'stored-value' and "member_cards"."status" <> 'refunded';--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_card_refund" CHECK ("after_sales"."card_id" is null or "after_sales"."type" = 'refund');--> statement-breakpoint
-- card_shop_days follows card_transactions, which are only ever inserted: the new rows summed per
-- selling shop and Shanghai day first (one upsert per day, not per row), in key order so two writers
-- lock the same rows in the same order.
CREATE FUNCTION card_shop_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_shop_days AS d (shop_id, day, principal_fen, bonus_fen, session_value_fen)
  SELECT sold_shop_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, sum(principal_fen), sum(bonus_fen), sum(session_value_fen)
  FROM new_rows GROUP BY 1, 2
  HAVING sum(principal_fen) <> 0 OR sum(bonus_fen) <> 0 OR sum(session_value_fen) <> 0
  ORDER BY 1, 2
  ON CONFLICT (shop_id, day) DO UPDATE SET principal_fen = d.principal_fen + excluded.principal_fen,
    bonus_fen = d.bonus_fen + excluded.bonus_fen, session_value_fen = d.session_value_fen + excluded.session_value_fen;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER card_transactions_shop_days AFTER INSERT ON card_transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION card_shop_days_apply();
--> statement-breakpoint
CREATE FUNCTION card_shop_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM card_shop_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER card_transactions_shop_days_truncate AFTER TRUNCATE ON card_transactions FOR EACH STATEMENT EXECUTE FUNCTION card_shop_days_clear();
--> statement-breakpoint
-- The reports read the book's money and the cards' consumption (server/cards/figures.ts): a change of either is a change of the reports.
CREATE CONSTRAINT TRIGGER card_transactions_change_counter AFTER INSERT OR UPDATE OR DELETE ON card_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE TRIGGER card_transactions_change_counter_truncate AFTER TRUNCATE ON card_transactions FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_change_counter AFTER INSERT OR UPDATE OR DELETE ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE TRIGGER ledger_entries_change_counter_truncate AFTER TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('reports');
