CREATE TABLE "daily_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" varchar(12) NOT NULL,
	"by_method" jsonb NOT NULL,
	"card_sales_fen" integer NOT NULL,
	"cash_expense_fen" integer NOT NULL,
	"opening_float_fen" integer NOT NULL,
	"expected_cash_fen" integer NOT NULL,
	"counted_cash_fen" integer NOT NULL,
	"difference_fen" integer NOT NULL,
	"has_difference" boolean NOT NULL,
	"float_fen" integer NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"return_reason" varchar(200) DEFAULT '' NOT NULL,
	"submitted_by" integer,
	"submitted_by_name" varchar(30) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer,
	"confirmed_by_name" varchar(30) DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_closes_status" CHECK ("daily_closes"."status" in ('submitted', 'confirmed', 'returned')),
	CONSTRAINT "daily_closes_counted" CHECK ("daily_closes"."counted_cash_fen" >= 0 and "daily_closes"."float_fen" >= 0 and "daily_closes"."float_fen" <= "daily_closes"."counted_cash_fen"),
	CONSTRAINT "daily_closes_difference" CHECK ("daily_closes"."difference_fen" = "daily_closes"."counted_cash_fen" - "daily_closes"."expected_cash_fen"),
	CONSTRAINT "daily_closes_confirmed" CHECK (("daily_closes"."status" = 'confirmed') = ("daily_closes"."confirmed_at" is not null))
);
--> statement-breakpoint
DROP INDEX "ledger_entries_after_sale_key";--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "refund_channels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "method" varchar(20);--> statement-breakpoint
ALTER TABLE "daily_closes" ADD CONSTRAINT "daily_closes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_closes" ADD CONSTRAINT "daily_closes_submitted_by_accounts_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_closes" ADD CONSTRAINT "daily_closes_confirmed_by_accounts_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_closes_shop_day_key" ON "daily_closes" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "daily_closes_day_idx" ON "daily_closes" USING btree ("day","shop_id");--> statement-breakpoint
CREATE INDEX "daily_closes_status_day_idx" ON "daily_closes" USING btree ("status","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_after_sale_key" ON "ledger_entries" USING btree ("after_sale_id","method") WHERE "ledger_entries"."after_sale_id" is not null and "ledger_entries"."reversal_of" is null;