CREATE INDEX "orders_staff_shares_idx" ON "orders" USING gin ("staff_shares" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "orders_lines_idx" ON "orders" USING gin ("lines" jsonb_path_ops);