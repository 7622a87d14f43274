CREATE TABLE "lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"owner_path" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"full_name" text,
	"macaddr" text,
	"phone" text,
	"max_connections" smallint DEFAULT 1 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"exp_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_trial" smallint DEFAULT 0 NOT NULL,
	"system" smallint DEFAULT 1 NOT NULL,
	"extra_days" smallint DEFAULT 0 NOT NULL,
	"extra_days_enabled" smallint DEFAULT 1 NOT NULL,
	"reseller_notes" text,
	"package_id" integer NOT NULL,
	"bouquets" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"dreamtv_device_id" text,
	"dreamtv_playlist_id" text,
	CONSTRAINT "lines_system_code" CHECK ("lines"."system" in (1, 2, 3)),
	CONSTRAINT "lines_enabled_flag" CHECK ("lines"."enabled" in (0, 1)),
	CONSTRAINT "lines_trial_flag" CHECK ("lines"."is_trial" in (0, 1)),
	CONSTRAINT "lines_screens_positive" CHECK ("lines"."max_connections" >= 1),
	CONSTRAINT "lines_extra_days_range" CHECK ("lines"."extra_days" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "provisioning_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"system" smallint NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_reseller_id_accounts_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lines_username_key" ON "lines" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_macaddr_key" ON "lines" USING btree ("macaddr") WHERE "lines"."macaddr" is not null;--> statement-breakpoint
CREATE INDEX "lines_owner_path_exp_idx" ON "lines" USING btree ("owner_path" text_pattern_ops,"exp_date");--> statement-breakpoint
CREATE INDEX "lines_reseller_exp_idx" ON "lines" USING btree ("reseller_id","exp_date");--> statement-breakpoint
CREATE INDEX "lines_exp_idx" ON "lines" USING btree ("exp_date");--> statement-breakpoint
CREATE INDEX "lines_enabled_exp_idx" ON "lines" USING btree ("enabled","exp_date");--> statement-breakpoint
CREATE INDEX "lines_trial_exp_idx" ON "lines" USING btree ("is_trial","exp_date");--> statement-breakpoint
CREATE INDEX "lines_system_idx" ON "lines" USING btree ("system");--> statement-breakpoint
CREATE INDEX "lines_search_trgm_idx" ON "lines" USING gin ((coalesce("username", '') || ' ' || coalesce("full_name", '') || ' ' || coalesce("reseller_notes", '') || ' ' || coalesce("macaddr", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provisioning_outbox_pending_idx" ON "provisioning_outbox" USING btree ("next_attempt_at") WHERE "provisioning_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "provisioning_outbox_line_idx" ON "provisioning_outbox" USING btree ("line_id","id");