-- Decisions 0150 to 0154: actions on many lines at once (a bulk action and each of its lines with what
-- became of it), the log codes of a line moved to another reseller and of the bulk action itself
-- (line_moved, bulk), and the renewal message's template (RENEWAL). As in 0008, the new checks are a
-- superset of the old ones, added NOT VALID and validated afterwards.
CREATE TABLE "bulk_action_lines" (
	"bulk_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"line_id" integer NOT NULL,
	"line_username" text,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"charged" numeric(14, 2),
	"link" text,
	"phone" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "bulk_action_lines_bulk_id_position_pk" PRIMARY KEY("bulk_id","position"),
	CONSTRAINT "bulk_action_lines_outcome" CHECK (outcome in ('pending', 'done', 'refused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "bulk_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"action" jsonb NOT NULL,
	"total" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_actions_kind" CHECK (kind in ('renew_month', 'renew_package', 'block', 'unblock', 'bouquets', 'move', 'delete', 'renewal_message'))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "setup_message_templates" DROP CONSTRAINT "setup_message_templates_app";--> statement-breakpoint
ALTER TABLE "bulk_action_lines" ADD CONSTRAINT "bulk_action_lines_bulk_id_bulk_actions_id_fk" FOREIGN KEY ("bulk_id") REFERENCES "public"."bulk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_actions_actor_idx" ON "bulk_actions" USING btree ("actor_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled', 'line_moved', 'bulk')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled', 'line_moved', 'bulk')) NOT VALID;--> statement-breakpoint
ALTER TABLE "setup_message_templates" ADD CONSTRAINT "setup_message_templates_app" CHECK (app in ('DUPLEX', 'ROKU', 'SSIPTV', 'STB', 'SMARTERS', 'XCIPTV', 'P2P', 'HYBRID', 'RENEWAL')) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "setup_message_templates" VALIDATE CONSTRAINT "setup_message_templates_app";
