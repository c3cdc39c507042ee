-- Every server process keeps the sessions it looked up lately in memory (server/auth/sessionCache.ts).
-- Whatever changes what such a lookup answers (a session revoked, switched to another role or shop,
-- or made older; an account disabled or renamed; a shop renamed; any of them deleted) tells every
-- process to forget them, whichever process or tool made the change. The forward touch of
-- last_seen_at on use does not, or every touch would empty every cache.
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.role IS DISTINCT FROM NEW.role OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
    OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER shops_changed AFTER UPDATE ON shops FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_removed AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_removed AFTER DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER shops_removed AFTER DELETE OR TRUNCATE ON shops FOR EACH STATEMENT EXECUTE FUNCTION notify_session_changed();
