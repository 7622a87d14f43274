-- Decision 0045 (P11): heartbeats rewrite last_seen_at on every live connection; without an index on it and
-- with free room on each page, PostgreSQL updates the row in place (HOT) instead of writing every index.
DROP INDEX "live_connections_seen_active_idx";--> statement-breakpoint
ALTER TABLE "live_connections" SET (fillfactor = 70);
