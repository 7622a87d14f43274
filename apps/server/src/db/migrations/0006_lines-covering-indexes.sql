-- Decision 0018: the capped counts of /api/users within a subtree or for one owner, and the dashboard's
-- counters of a subtree, become index-only scans. Same keys and names as before; INCLUDE adds the columns
-- of the status, type and service filters (and created_at, the dashboard's "new" counter), so those counts
-- never visit the table (drizzle's index builder has no INCLUDE, hence a custom migration).
DROP INDEX IF EXISTS "lines_owner_path_exp_idx";--> statement-breakpoint
CREATE INDEX "lines_owner_path_exp_idx" ON "lines" USING btree ("owner_path" text_pattern_ops, "exp_date") INCLUDE ("enabled", "is_trial", "system", "created_at");--> statement-breakpoint
DROP INDEX IF EXISTS "lines_reseller_exp_idx";--> statement-breakpoint
CREATE INDEX "lines_reseller_exp_idx" ON "lines" USING btree ("reseller_id", "exp_date") INCLUDE ("enabled", "is_trial", "system");
