-- Catch-up (decision 0120): a live stream keeps how many days of archive its source holds and, for M3U
-- sources with a catchup-source template, the archive URL; a source keeps the time zone its archive URLs
-- read dates in (an Xtream upstream's server_info.timezone).
ALTER TABLE "content_sources" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "content_streams" ADD COLUMN "archive_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_streams" ADD COLUMN "archive_url" text;