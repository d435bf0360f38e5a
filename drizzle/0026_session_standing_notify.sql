-- Who a session is and what they may do, announced on change (docs/decisions/draft-session-cache.md):
-- every web process keeps validated sessions in memory for read requests and drops them when one of
-- these rows changes. Payloads: 's:<session id>', 'u:<user id>', 'c:<company id>', '*' for all.
CREATE FUNCTION session_standing_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  col text := TG_ARGV[1];
  old_id text;
  new_id text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_standing', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_id := to_jsonb(OLD) ->> col; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := to_jsonb(NEW) ->> col; END IF;
  IF old_id IS NOT NULL THEN PERFORM pg_notify('session_standing', kind || ':' || old_id); END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
    PERFORM pg_notify('session_standing', kind || ':' || new_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session's own use (its idle timeout moved forward) changes nothing a request decides on.
CREATE TRIGGER sessions_standing_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_verified_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_verified_at'))
  EXECUTE FUNCTION session_standing_notify('s', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_standing_delete AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION session_standing_notify('s', 'id');
--> statement-breakpoint
CREATE TRIGGER users_standing AFTER UPDATE OR DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION session_standing_notify('u', 'id');
--> statement-breakpoint
CREATE TRIGGER companies_standing AFTER UPDATE OR DELETE ON companies FOR EACH ROW
  EXECUTE FUNCTION session_standing_notify('c', 'id');
--> statement-breakpoint
CREATE TRIGGER contracts_standing AFTER INSERT OR UPDATE OR DELETE ON contracts FOR EACH ROW
  EXECUTE FUNCTION session_standing_notify('c', 'company_id');
--> statement-breakpoint
CREATE TRIGGER team_members_standing AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW
  EXECUTE FUNCTION session_standing_notify('u', 'user_id');
--> statement-breakpoint
-- The viewer lists its active teams by name.
CREATE TRIGGER teams_standing_update AFTER UPDATE ON teams FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.is_archived IS DISTINCT FROM NEW.is_archived
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION session_standing_notify('c', 'company_id');
--> statement-breakpoint
CREATE TRIGGER teams_standing_delete AFTER DELETE ON teams FOR EACH ROW
  EXECUTE FUNCTION session_standing_notify('c', 'company_id');
--> statement-breakpoint
CREATE TRIGGER sessions_standing_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT
  EXECUTE FUNCTION session_standing_notify('*', '');
--> statement-breakpoint
CREATE TRIGGER users_standing_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION session_standing_notify('*', '');
--> statement-breakpoint
CREATE TRIGGER companies_standing_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT
  EXECUTE FUNCTION session_standing_notify('*', '');
--> statement-breakpoint
CREATE TRIGGER contracts_standing_truncate AFTER TRUNCATE ON contracts FOR EACH STATEMENT
  EXECUTE FUNCTION session_standing_notify('*', '');
--> statement-breakpoint
CREATE TRIGGER team_members_standing_truncate AFTER TRUNCATE ON team_members FOR EACH STATEMENT
  EXECUTE FUNCTION session_standing_notify('*', '');
--> statement-breakpoint
CREATE TRIGGER teams_standing_truncate AFTER TRUNCATE ON teams FOR EACH STATEMENT
  EXECUTE FUNCTION session_standing_notify('*', '');
