CREATE TABLE "catalog_request_requesters" (
	"request_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_request_requesters_request_id_account_id_pk" PRIMARY KEY("request_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"tmdb_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"media_title" text NOT NULL,
	"poster_path" text,
	"release_date" date,
	"status" smallint DEFAULT 2 NOT NULL,
	"publisher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_requests_media_type" CHECK (media_type in ('movie', 'tv')),
	CONSTRAINT "catalog_requests_status" CHECK ("catalog_requests"."status" in (0, 1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "catalog_request_requesters" ADD CONSTRAINT "catalog_request_requesters_request_id_catalog_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."catalog_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_request_requesters" ADD CONSTRAINT "catalog_request_requesters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD CONSTRAINT "catalog_requests_publisher_id_accounts_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_request_requesters_account_idx" ON "catalog_request_requesters" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_requests_title_key" ON "catalog_requests" USING btree ("media_type","tmdb_id");--> statement-breakpoint
CREATE INDEX "catalog_requests_created_idx" ON "catalog_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "catalog_requests_publisher_idx" ON "catalog_requests" USING btree ("publisher_id","status");--> statement-breakpoint
-- Hand-written (decision 0055), keep at the end when this migration is regenerated: after every content sync,
-- and when a request is created, requests are matched with the library by TMDB id; these partial indexes
-- make that match an index lookup per request instead of a scan of every stream.
CREATE INDEX IF NOT EXISTS "content_streams_movie_tmdb_idx" ON "content_streams" USING btree ("tmdb_id") WHERE "kind" = 'movie' AND "tmdb_id" IS NOT NULL AND "retired_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_series_tmdb_idx" ON "content_series" USING btree ("tmdb_id") WHERE "tmdb_id" IS NOT NULL AND "retired_at" IS NULL;
