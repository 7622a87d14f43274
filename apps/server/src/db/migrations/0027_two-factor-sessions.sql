-- Decisions 0130 to 0134: two-factor sign-in (the authenticator's encrypted secret, one-time recovery
-- codes, the password step's tickets) and sessions one can see and end (an id to name them by, the device
-- and country read at sign-in, whether it was opened to set up a required second step). The log codes
-- of two-factor changes and new sign-in places: as in 0008, the new checks are a superset of the old
-- ones, added NOT VALID and validated afterwards.
CREATE TABLE "account_two_factor" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"reset_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_step_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"session_token_hash" text,
	"failures" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "second_step_tickets_purpose" CHECK ("second_step_tickets"."purpose" in ('sign_in', 'unlock'))
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_type";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_type";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_setup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_two_factor" ADD CONSTRAINT "account_two_factor_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_step_tickets" ADD CONSTRAINT "second_step_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_step_tickets_expires_idx" ON "second_step_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_key" ON "two_factor_recovery_codes" USING btree ("account_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_key" ON "sessions" USING btree ("id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in')) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_type" CHECK (type in ('credits', 'resellers', 'users', 'test_users', 'migration', 'packages', 'reg_p2p', 'security')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_type" CHECK (type in ('credits', 'resellers', 'users', 'test_users', 'migration', 'packages', 'reg_p2p', 'security')) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_type";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_type";
