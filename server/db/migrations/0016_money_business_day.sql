ALTER TABLE "orders" ADD COLUMN "business_day" date;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "business_day" date;--> statement-breakpoint
-- A paid order counts on the day its income entries landed on; one with none (paid wholly by stored value or
-- package sessions) on the Shanghai day it was paid, as the close counted them before.
UPDATE "orders" o SET "business_day" = coalesce(
    (SELECT min(e."occurred_on") FROM "ledger_entries" e WHERE e."order_id" = o."id" AND e."category" IN ('service', 'card-sale')),
    (o."paid_at" AT TIME ZONE 'Asia/Shanghai')::date)
  WHERE o."paid_at" IS NOT NULL;--> statement-breakpoint
-- A refund onto stored value counts on the Shanghai day it was made, as the close counted it before.
UPDATE "card_transactions" SET "business_day" = ("created_at" AT TIME ZONE 'Asia/Shanghai')::date WHERE "kind" = 'reversal';--> statement-breakpoint
-- The updates queued the change counters' deferred triggers (migrations 0010, 0015); an index cannot be built
-- on a table with pending trigger events, so they fire now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE INDEX "orders_shop_business_day_idx" ON "orders" USING btree ("shop_id","business_day") WHERE "orders"."business_day" is not null;--> statement-breakpoint
CREATE INDEX "card_transactions_reversal_day_idx" ON "card_transactions" USING btree ("shop_id","business_day") WHERE "card_transactions"."kind" = 'reversal';