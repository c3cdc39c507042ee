DROP INDEX "appointments_shop_start_idx";--> statement-breakpoint
CREATE INDEX "appointments_shop_start_idx" ON "appointments" USING btree ("shop_id","start_at","id" DESC NULLS FIRST);