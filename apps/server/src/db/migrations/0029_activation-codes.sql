CREATE TABLE "activation_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"system" smallint NOT NULL,
	"screens" smallint NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"months" smallint NOT NULL,
	"trial_hours" smallint,
	"quantity" smallint NOT NULL,
	"note" text,
	"unit_price" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_batches_system" CHECK ("activation_batches"."system" in (1, 2)),
	CONSTRAINT "activation_batches_quantity" CHECK ("activation_batches"."quantity" between 1 and 500),
	CONSTRAINT "activation_batches_screens" CHECK ("activation_batches"."screens" between 1 and 100),
	CONSTRAINT "activation_batches_price" CHECK ("activation_batches"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"code" text NOT NULL,
	"line_id" integer,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "activation_codes_used_or_cancelled" CHECK ("activation_codes"."activated_at" is null or "activation_codes"."cancelled_at" is null)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_kind";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "activation_batches" ADD CONSTRAINT "activation_batches_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_batch_id_activation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."activation_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_batches_owner_idx" ON "activation_batches" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_code_key" ON "activation_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_line_key" ON "activation_codes" USING btree ("line_id") WHERE "activation_codes"."line_id" is not null;--> statement-breakpoint
CREATE INDEX "activation_codes_batch_idx" ON "activation_codes" USING btree ("batch_id","id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind" CHECK (kind in ('transfer', 'mint', 'burn', 'spend', 'refund'));--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled'));--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled'));