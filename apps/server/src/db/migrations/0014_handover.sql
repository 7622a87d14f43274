CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"domain" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"check_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_domain_lowercase" CHECK ("domains"."domain" = lower("domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"domain_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_type" CHECK (type in ('mpgets', 'hls', 'ssiptv', 'epg'))
);
--> statement-breakpoint
CREATE TABLE "setup_message_templates" (
	"app" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_message_templates_app" CHECK (app in ('DUPLEX', 'ROKU', 'SSIPTV', 'STB', 'SMARTERS', 'XCIPTV', 'P2P', 'HYBRID'))
);
--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_domain_key" ON "domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "domains_owner_idx" ON "domains" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_one_default_per_owner" ON "domains" USING btree ("owner_id") WHERE "domains"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_key" ON "short_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "short_links_line_idx" ON "short_links" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "short_links_domain_idx" ON "short_links" USING btree ("domain_id");