CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text,
	"role" text NOT NULL,
	"parent_id" integer,
	"path" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"credits" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_credits" numeric(14, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"avatar" text DEFAULT 'avatar1' NOT NULL,
	"dark_mode" smallint DEFAULT 0 NOT NULL,
	"mobile_table_mode" smallint DEFAULT 0 NOT NULL,
	"is_deleted_bucket" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_credits_not_negative" CHECK ("accounts"."credits" >= 0),
	CONSTRAINT "accounts_status_flag" CHECK ("accounts"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bouquets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_adult" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" integer PRIMARY KEY NOT NULL,
	"package_name" text NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"is_adult" boolean DEFAULT false NOT NULL,
	"official_duration" smallint NOT NULL,
	"official_credits" numeric(10, 2) NOT NULL,
	"trial_hours" smallint,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_lower_key" ON "accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "accounts_path_idx" ON "accounts" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");