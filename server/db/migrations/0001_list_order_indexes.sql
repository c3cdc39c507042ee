DROP INDEX "customers_shop_created_idx";--> statement-breakpoint
DROP INDEX "banners_priority_idx";--> statement-breakpoint
CREATE INDEX "customers_shop_created_idx" ON "customers" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "banners_priority_idx" ON "banners" USING btree ("priority","id");