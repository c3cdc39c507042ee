CREATE TABLE "idempotency_keys" (
	"account_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"call" varchar(120) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_sequences" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "order_sequences_pkey" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer,
	"customer_name" varchar(30) NOT NULL,
	"customer_phone" varchar(11) DEFAULT '' NOT NULL,
	"customer_vip" boolean DEFAULT false NOT NULL,
	"appointment_id" integer,
	"status" varchar(20) DEFAULT 'unpaid' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_fen" integer NOT NULL,
	"discount_fen" integer DEFAULT 0 NOT NULL,
	"payable_fen" integer NOT NULL,
	"payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_fen" integer DEFAULT 0 NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"staff_shares" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cancel_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(30) DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_money_nonneg" CHECK ("orders"."total_fen" >= 0 and "orders"."discount_fen" >= 0 and "orders"."payable_fen" >= 0 and "orders"."paid_fen" >= 0 and "orders"."refunded_fen" >= 0),
	CONSTRAINT "orders_payable_is_total_less_discount" CHECK ("orders"."payable_fen" = "orders"."total_fen" - "orders"."discount_fen"),
	CONSTRAINT "orders_refund_le_paid" CHECK ("orders"."refunded_fen" <= "orders"."paid_fen")
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"customer_name" varchar(30) NOT NULL,
	"type" varchar(20) NOT NULL,
	"amount_fen" integer,
	"reason" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"requested_by_name" varchar(30) DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" varchar(30) DEFAULT '' NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_refund_amount" CHECK (("after_sales"."type" = 'refund') = ("after_sales"."amount_fen" is not null) and coalesce("after_sales"."amount_fen", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "performance_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"after_sale_id" integer,
	"shop_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(30) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"share_bp" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"commission_fen" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" varchar(30) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"category" varchar(20) NOT NULL,
	"amount_fen" integer NOT NULL,
	"occurred_on" date NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"order_id" integer,
	"after_sale_id" integer,
	"reversal_of" bigint,
	"created_by" integer,
	"created_by_name" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "touch_up_entitlements" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "touch_up_entitlements" ADD COLUMN "after_sale_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sequences" ADD CONSTRAINT "order_sequences_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_shop_created_idx" ON "orders" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_shop_paid_idx" ON "orders" USING btree ("shop_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_appointment_idx" ON "orders" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "after_sales_shop_created_idx" ON "after_sales" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sales_status_created_idx" ON "after_sales" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "performance_records_shop_created_idx" ON "performance_records" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "performance_records_status_created_idx" ON "performance_records" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "performance_records_staff_created_idx" ON "performance_records" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "performance_records_order_idx" ON "performance_records" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "performance_records_created_idx" ON "performance_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "performance_records_pending_idx" ON "performance_records" USING btree ("shop_id","created_at") WHERE "performance_records"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_entries_shop_day_idx" ON "ledger_entries" USING btree ("shop_id","occurred_on","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_day_idx" ON "ledger_entries" USING btree ("occurred_on");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_after_sale_key" ON "ledger_entries" USING btree ("after_sale_id") WHERE "ledger_entries"."after_sale_id" is not null and "ledger_entries"."reversal_of" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal_key" ON "ledger_entries" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "touch_up_entitlements_order_idx" ON "touch_up_entitlements" USING btree ("order_id");