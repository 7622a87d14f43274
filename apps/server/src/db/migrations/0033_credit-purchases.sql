-- Decisions 0183 to 0185: credits sold by PIX. What an account sells its direct resellers (the price per
-- credit, the packs), and a credit purchase's buyer and credits on the payment. The log code of credits
-- bought by PIX (credits_bought_pix) in the logs' and the ledger's action checks: as in 0008, the new checks
-- are a superset of the old ones, added NOT VALID and validated afterwards.
CREATE TABLE "credit_sale_packs" (
	"account_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "credit_sale_packs_account_id_credits_pk" PRIMARY KEY("account_id","credits"),
	CONSTRAINT "credit_sale_packs_credits" CHECK ("credit_sale_packs"."credits" between 1 and 10000),
	CONSTRAINT "credit_sale_packs_price_positive" CHECK ("credit_sale_packs"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_sale_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"unit_price" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_sale_unit_price_positive" CHECK ("credit_sale_settings"."unit_price" is null or "credit_sale_settings"."unit_price" > 0),
	CONSTRAINT "credit_sale_enabled_priced" CHECK (not "credit_sale_settings"."enabled" or "credit_sale_settings"."unit_price" is not null)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "buyer_account_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "buyer_username" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "credit_sale_packs" ADD CONSTRAINT "credit_sale_packs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_sale_settings" ADD CONSTRAINT "credit_sale_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_buyer_created_idx" ON "payments" USING btree ("buyer_account_id","created_at") WHERE "payments"."buyer_account_id" is not null;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'renewed_pix', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled', 'line_moved', 'credits_bought_pix', 'bulk')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'renewed_pix', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled', 'line_moved', 'credits_bought_pix', 'bulk')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_purchase" CHECK ("payments"."purpose" <> 'credit_purchase' or ("payments"."buyer_account_id" is not null and "payments"."buyer_account_id" <> "payments"."account_id" and "payments"."credits" between 1 and 10000));--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_action";
