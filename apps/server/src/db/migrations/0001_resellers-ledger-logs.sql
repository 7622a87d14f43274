CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"counterparty_id" integer,
	"actor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"line_id" integer,
	"target_account_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"balance_before" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_amount_not_zero" CHECK ("credit_ledger"."amount" <> 0),
	CONSTRAINT "credit_ledger_balance_step" CHECK ("credit_ledger"."balance_after" = "credit_ledger"."balance_before" + "credit_ledger"."amount"),
	CONSTRAINT "credit_ledger_balance_not_negative" CHECK ("credit_ledger"."balance_after" >= 0),
	CONSTRAINT "credit_ledger_kind" CHECK (kind in ('transfer', 'mint', 'burn', 'spend')),
	CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus')),
	CONSTRAINT "credit_ledger_type" CHECK (type in ('credits', 'resellers', 'users', 'test_users', 'migration', 'packages', 'reg_p2p'))
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_username" text NOT NULL,
	"master_id" integer,
	"master_username" text,
	"target_account_id" integer,
	"target_username" text,
	"line_id" integer,
	"line_username" text,
	"value" numeric(14, 2),
	"value_int" integer,
	"actor_credits_before" numeric(14, 2),
	"actor_credits_after" numeric(14, 2),
	"target_credits_before" numeric(14, 2),
	"target_credits_after" numeric(14, 2),
	"details" jsonb,
	CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus')),
	CONSTRAINT "logs_type" CHECK (type in ('credits', 'resellers', 'users', 'test_users', 'migration', 'packages', 'reg_p2p'))
);
--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "logs_created_idx" ON "logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_actor_idx" ON "logs" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_target_idx" ON "logs" USING btree ("target_account_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_action_type_idx" ON "logs" USING btree ("action","type","created_at");