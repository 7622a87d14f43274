CREATE TABLE "content_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_type" smallint NOT NULL,
	"stream_id" integer,
	"series_id" integer,
	"requested_by" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_removals_media_type" CHECK ("content_removals"."media_type" in (1, 2, 3, 5)),
	CONSTRAINT "content_removals_status" CHECK ("content_removals"."status" in (0, 1)),
	CONSTRAINT "content_removals_item" CHECK (("content_removals"."media_type" = 5) = ("content_removals"."series_id" is not null and "content_removals"."stream_id" is null)
        and ("content_removals"."media_type" <> 5) = ("content_removals"."stream_id" is not null and "content_removals"."series_id" is null))
);
--> statement-breakpoint
ALTER TABLE "content_series" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_streams" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_removals" ADD CONSTRAINT "content_removals_stream_id_content_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."content_streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_removals" ADD CONSTRAINT "content_removals_series_id_content_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."content_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_removals" ADD CONSTRAINT "content_removals_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_removals_stream_key" ON "content_removals" USING btree ("stream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_removals_series_key" ON "content_removals" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "content_removals_created_idx" ON "content_removals" USING btree ("created_at","id");