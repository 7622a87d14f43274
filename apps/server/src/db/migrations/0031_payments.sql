-- Decisions 0160 to 0166: PIX payments. A reseller's payment account (its PIX key, or its Mercado Pago
-- account with the access token and webhook secret sealed), its customer prices per package, and the
-- payments (a line renewal now, a credit purchase later). The log code of a renewal paid by the customer
-- (renewed_pix) in the logs' and the ledger's action checks: as in 0008, the new checks are a superset of
-- the old ones, added NOT VALID and validated afterwards.
CREATE TABLE "payment_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"pix_key" text,
	"merchant_name" text,
	"merchant_city" text,
	"mercadopago_access_token" text,
	"mercadopago_token_hint" text,
	"mercadopago_webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_provider" CHECK (provider in ('none', 'static_pix', 'mercadopago'))
);
--> statement-breakpoint
CREATE TABLE "payment_prices" (
	"account_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "payment_prices_account_id_package_id_pk" PRIMARY KEY("account_id","package_id"),
	CONSTRAINT "payment_prices_positive" CHECK ("payment_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"renewal_pending_reason" text,
	"amount" numeric(12, 2) NOT NULL,
	"line_id" integer,
	"line_username" text,
	"package_id" integer,
	"provider_payment_id" text,
	"pix_code" text,
	"ticket_url" text,
	"created_by" integer,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"renewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_purpose" CHECK (purpose in ('line_renewal', 'credit_purchase')),
	CONSTRAINT "payments_provider" CHECK (provider in ('static_pix', 'mercadopago')),
	CONSTRAINT "payments_state" CHECK (state in ('pending', 'paid', 'renewal_pending', 'expired', 'cancelled', 'refunded')),
	CONSTRAINT "payments_renewal_line" CHECK ("payments"."purpose" <> 'line_renewal' or ("payments"."line_id" is not null and "payments"."package_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_prices" ADD CONSTRAINT "payment_prices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_prices" ADD CONSTRAINT "payment_prices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("account_id","provider_payment_id") WHERE "payments"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_waiting_idx" ON "payments" USING btree ("state","updated_at") WHERE "payments"."state" in ('pending', 'renewal_pending');--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'renewed_pix', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled', 'line_moved', 'bulk')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'renewed_pix', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message', 'two_factor_on', 'two_factor_off', 'two_factor_reset', 'new_sign_in', 'codes_bought', 'code_activated', 'code_cancelled', 'line_moved', 'bulk')) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_action";
