-- The reports (and every kept answer of topic reports) read only paid orders: rows with paid_at set,
-- and the summaries their triggers keep from those. An order that is not paid before nor after a
-- write (a cashier's new order, its cancel) changes nothing they read, so it raises no counter; a
-- cashier's create then locks no shared row at all, and its commit never waits behind another
-- order's. WHEN cannot name OLD on an insert nor NEW on a delete, hence one trigger per event.
DROP TRIGGER orders_change_counter ON orders;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_change_counter_insert AFTER INSERT ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.paid_at IS NOT NULL) EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_change_counter_update AFTER UPDATE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.paid_at IS NOT NULL OR NEW.paid_at IS NOT NULL) EXECUTE FUNCTION change_counter_bump('reports');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_change_counter_delete AFTER DELETE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.paid_at IS NOT NULL) EXECUTE FUNCTION change_counter_bump('reports');
