CREATE TABLE "bouquet_categories" (
	"bouquet_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "bouquet_categories_bouquet_id_category_id_pk" PRIMARY KEY("bouquet_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "content_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_adult" boolean DEFAULT false NOT NULL,
	"source_id" integer,
	"external_id" text,
	"retired_at" timestamp with time zone,
	CONSTRAINT "content_categories_kind" CHECK ("content_categories"."kind" in ('live', 'movie', 'series'))
);
--> statement-breakpoint
CREATE TABLE "content_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"tmdb_id" text,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_id" integer,
	"external_id" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"password" text,
	"xmltv_url" text,
	"delivery_mode" text NOT NULL,
	"sync_interval_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"sync_progress" jsonb,
	"sync_summary" jsonb,
	"sync_error" text,
	CONSTRAINT "content_sources_kind" CHECK ("content_sources"."kind" in ('xtream', 'm3u')),
	CONSTRAINT "content_sources_delivery" CHECK ("content_sources"."delivery_mode" in ('redirect', 'proxy')),
	CONSTRAINT "content_sources_interval" CHECK ("content_sources"."sync_interval_minutes" is null or "content_sources"."sync_interval_minutes" >= 5)
);
--> statement-breakpoint
CREATE TABLE "content_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer,
	"series_id" integer,
	"season_number" smallint,
	"episode_number" smallint,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"epg_channel_id" text,
	"container_extension" text DEFAULT 'ts' NOT NULL,
	"is_24h" boolean DEFAULT false NOT NULL,
	"tmdb_id" text,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_id" integer,
	"external_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "content_streams_kind" CHECK ("content_streams"."kind" in ('live', 'movie', 'episode')),
	CONSTRAINT "content_streams_placement" CHECK (("content_streams"."kind" = 'episode') = ("content_streams"."series_id" is not null and "content_streams"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "epg_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"icon" text,
	"source_id" integer
);
--> statement-breakpoint
CREATE TABLE "epg_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"stops_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"source_id" integer,
	CONSTRAINT "epg_programmes_order" CHECK ("epg_programmes"."stops_at" > "epg_programmes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "stream_starts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"stream_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bouquet_categories" ADD CONSTRAINT "bouquet_categories_bouquet_id_bouquets_id_fk" FOREIGN KEY ("bouquet_id") REFERENCES "public"."bouquets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bouquet_categories" ADD CONSTRAINT "bouquet_categories_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_categories" ADD CONSTRAINT "content_categories_source_id_content_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."content_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_series" ADD CONSTRAINT "content_series_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_series" ADD CONSTRAINT "content_series_source_id_content_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."content_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_streams" ADD CONSTRAINT "content_streams_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_streams" ADD CONSTRAINT "content_streams_series_id_content_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."content_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_streams" ADD CONSTRAINT "content_streams_source_id_content_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."content_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epg_channels" ADD CONSTRAINT "epg_channels_source_id_content_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."content_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epg_programmes" ADD CONSTRAINT "epg_programmes_source_id_content_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."content_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bouquet_categories_category_idx" ON "bouquet_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_source_key" ON "content_categories" USING btree ("source_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "content_categories_kind_idx" ON "content_categories" USING btree ("kind","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_series_source_key" ON "content_series" USING btree ("source_id","external_id");--> statement-breakpoint
CREATE INDEX "content_series_category_idx" ON "content_series" USING btree ("category_id","id") WHERE "content_series"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_streams_source_key" ON "content_streams" USING btree ("source_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "content_streams_listing_idx" ON "content_streams" USING btree ("kind","category_id","sort_order","id") WHERE "content_streams"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "content_streams_series_idx" ON "content_streams" USING btree ("series_id","season_number","episode_number") WHERE "content_streams"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "epg_programmes_channel_idx" ON "epg_programmes" USING btree ("channel_id","starts_at");--> statement-breakpoint
CREATE INDEX "epg_programmes_source_idx" ON "epg_programmes" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "stream_starts_stream_idx" ON "stream_starts" USING btree ("stream_id","started_at");--> statement-breakpoint
CREATE INDEX "stream_starts_line_idx" ON "stream_starts" USING btree ("line_id","started_at");