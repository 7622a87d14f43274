-- What the delivery processes keep in memory to start streams without a query (decision 0105) is told by
-- the database itself when it changes: every change of a line that decides whether it may play (its
-- username, password, block, system, expiry, bouquets) and its deletion, and every change of the content
-- that decides what it may play (streams, series, categories, bouquet mappings, sources), sends
-- `NOTIFY panel_delivery` (decision 0076's channel). A notification is delivered when its transaction
-- commits, never before, and no code path, present or future, can change these tables without it.
CREATE FUNCTION notify_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('panel_delivery', json_build_object('from', 'database',
    'notice', json_build_object('kind', 'lines', 'lineIds', json_build_array(OLD.id)))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lines_notify_update AFTER UPDATE ON lines FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.password IS DISTINCT FROM NEW.password
    OR OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.system IS DISTINCT FROM NEW.system
    OR OLD.exp_date IS DISTINCT FROM NEW.exp_date OR OLD.bouquets IS DISTINCT FROM NEW.bouquets)
  EXECUTE FUNCTION notify_line_change();
--> statement-breakpoint
CREATE TRIGGER lines_notify_delete AFTER DELETE ON lines FOR EACH ROW EXECUTE FUNCTION notify_line_change();
--> statement-breakpoint
-- One notification per transaction however many rows or statements (PostgreSQL folds equal payloads).
CREATE FUNCTION notify_library_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('panel_delivery', '{"from":"database","notice":{"kind":"library"}}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER content_streams_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_streams
  FOR EACH STATEMENT EXECUTE FUNCTION notify_library_change();
--> statement-breakpoint
CREATE TRIGGER content_series_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_series
  FOR EACH STATEMENT EXECUTE FUNCTION notify_library_change();
--> statement-breakpoint
CREATE TRIGGER content_categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_library_change();
--> statement-breakpoint
CREATE TRIGGER bouquet_categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bouquet_categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_library_change();
--> statement-breakpoint
CREATE TRIGGER content_sources_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_sources
  FOR EACH STATEMENT EXECUTE FUNCTION notify_library_change();
--> statement-breakpoint
-- A start of a device that already holds a screen of its line (decision 0044's one-statement path):
-- its connection restarted on the new stream and, only when one was, the start's stream_starts row and
-- its view. A function so that its plan is generic and kept per connection: the pool plans every
-- statement afresh (plan_cache_mode=force_custom_plan, decision 0018), which cost this one as much
-- PostgreSQL time as running it (decision 0105). Answers the connection's id, or null (nothing written).
CREATE FUNCTION restart_device_connection_recording(
  p_line_id integer, p_stream_id integer, p_delivery text, p_watching text, p_ip text, p_user_agent text,
  p_kind text, p_ttl_seconds double precision, p_day date
) RETURNS bigint LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  restarted bigint;
BEGIN
  WITH c AS (
    UPDATE live_connections SET stream_id = p_stream_id, delivery = p_delivery, watching = p_watching,
      started_at = now(), last_seen_at = now()
    WHERE live_connections.id = (SELECT lc.id FROM live_connections lc
        WHERE lc.line_id = p_line_id AND lc.ended_at IS NULL
          AND lc.last_seen_at > now() - make_interval(secs => p_ttl_seconds)
          AND lc.ip IS NOT DISTINCT FROM p_ip AND lc.user_agent IS NOT DISTINCT FROM p_user_agent
        ORDER BY lc.started_at DESC, lc.id DESC LIMIT 1)
      AND live_connections.ended_at IS NULL
      AND live_connections.last_seen_at > now() - make_interval(secs => p_ttl_seconds)
    RETURNING live_connections.id),
  s AS (
    INSERT INTO stream_starts (line_id, stream_id, kind, delivery, ip, user_agent)
    SELECT p_line_id, p_stream_id, p_kind, p_delivery, p_ip, p_user_agent FROM c),
  v AS (
    INSERT INTO content_views_daily (day, stream_id, views)
    SELECT p_day, p_stream_id, 1 FROM c
    ON CONFLICT (day, stream_id) DO UPDATE SET views = content_views_daily.views + 1)
  SELECT c.id INTO restarted FROM c;
  RETURN restarted;
END;
$$;
