CREATE TABLE "content_views_daily" (
	"day" date NOT NULL,
	"stream_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_views_daily_day_stream_id_pk" PRIMARY KEY("day","stream_id")
);
--> statement-breakpoint
CREATE TABLE "ingest_batches" (
	"server_id" integer NOT NULL,
	"batch_id" text NOT NULL,
	"result" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_batches_server_id_batch_id_pk" PRIMARY KEY("server_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "live_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"owner_path" text NOT NULL,
	"stream_id" integer NOT NULL,
	"delivery" text NOT NULL,
	"server_id" integer,
	"ip" text,
	"user_agent" text,
	"country" text,
	"watching" text DEFAULT '' NOT NULL,
	"divergence" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "live_connections_delivery" CHECK ("live_connections"."delivery" in ('redirect', 'proxy')),
	CONSTRAINT "live_connections_end_reason" CHECK ("live_connections"."end_reason" is null or "live_connections"."end_reason" in ('closed', 'expired', 'disconnected', 'replaced', 'limit'))
);
--> statement-breakpoint
CREATE TABLE "p2p_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"session_key" text NOT NULL,
	"line_id" integer NOT NULL,
	"owner_path" text NOT NULL,
	"username" text NOT NULL,
	"channel_name" text DEFAULT '' NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"external_ip" text,
	"app_name" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "streaming_server_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streaming_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"control_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ingest_batches" ADD CONSTRAINT "ingest_batches_server_id_streaming_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."streaming_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_connections" ADD CONSTRAINT "live_connections_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_connections" ADD CONSTRAINT "live_connections_server_id_streaming_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."streaming_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_sessions" ADD CONSTRAINT "p2p_sessions_server_id_streaming_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."streaming_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_sessions" ADD CONSTRAINT "p2p_sessions_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaming_server_outbox" ADD CONSTRAINT "streaming_server_outbox_server_id_streaming_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."streaming_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_views_daily_stream_idx" ON "content_views_daily" USING btree ("stream_id","day");--> statement-breakpoint
CREATE INDEX "ingest_batches_received_idx" ON "ingest_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "live_connections_line_active_idx" ON "live_connections" USING btree ("line_id") WHERE "live_connections"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_connections_started_active_idx" ON "live_connections" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "live_connections"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_connections_owner_active_idx" ON "live_connections" USING btree ("owner_path" text_pattern_ops,"started_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "live_connections"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_connections_seen_active_idx" ON "live_connections" USING btree ("last_seen_at") WHERE "live_connections"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_connections_ended_idx" ON "live_connections" USING btree ("ended_at") WHERE "live_connections"."ended_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_sessions_server_session_key" ON "p2p_sessions" USING btree ("server_id","session_key");--> statement-breakpoint
CREATE INDEX "p2p_sessions_owner_active_idx" ON "p2p_sessions" USING btree ("owner_path" text_pattern_ops,"last_seen_at" DESC NULLS LAST) WHERE "p2p_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "p2p_sessions_seen_active_idx" ON "p2p_sessions" USING btree ("last_seen_at") WHERE "p2p_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "streaming_server_outbox_pending_idx" ON "streaming_server_outbox" USING btree ("next_attempt_at","id") WHERE "streaming_server_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "streaming_servers_token_hash_key" ON "streaming_servers" USING btree ("token_hash");