-- close: what a shop-day's daily close reads (server/dailyClose/figures.ts): the paid orders, the
-- ledger, after-sales and the stored-value card rows (refunds), the shop's closes (the day's own row
-- and the previous day's float) and the shop's name. Orders raise it only when paid before or after
-- the write, as for the reports (migration 0011).
CREATE CONSTRAINT TRIGGER orders_close_change_counter_insert AFTER INSERT ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.paid_at IS NOT NULL) EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_close_change_counter_update AFTER UPDATE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.paid_at IS NOT NULL OR NEW.paid_at IS NOT NULL) EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_close_change_counter_delete AFTER DELETE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.paid_at IS NOT NULL) EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_close_change_counter AFTER INSERT OR UPDATE OR DELETE ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER after_sales_close_change_counter AFTER INSERT OR UPDATE OR DELETE ON after_sales DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER card_transactions_close_change_counter AFTER INSERT OR UPDATE OR DELETE ON card_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER daily_closes_close_change_counter AFTER INSERT OR UPDATE OR DELETE ON daily_closes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shops_close_change_counter AFTER INSERT OR UPDATE OR DELETE ON shops DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_counter_bump('close');
--> statement-breakpoint
CREATE TRIGGER orders_close_change_counter_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('close');
--> statement-breakpoint
CREATE TRIGGER ledger_entries_close_change_counter_truncate AFTER TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('close');
--> statement-breakpoint
CREATE TRIGGER after_sales_close_change_counter_truncate AFTER TRUNCATE ON after_sales FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('close');
--> statement-breakpoint
CREATE TRIGGER card_transactions_close_change_counter_truncate AFTER TRUNCATE ON card_transactions FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('close');
--> statement-breakpoint
CREATE TRIGGER daily_closes_close_change_counter_truncate AFTER TRUNCATE ON daily_closes FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('close');
--> statement-breakpoint
CREATE TRIGGER shops_close_change_counter_truncate AFTER TRUNCATE ON shops FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump_all('close');
