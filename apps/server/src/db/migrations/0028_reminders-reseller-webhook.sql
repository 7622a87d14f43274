CREATE TABLE "reminder_marks" (
	"line_id" integer NOT NULL,
	"reminder_window" text NOT NULL,
	"exp_date" timestamp with time zone NOT NULL,
	"sent_by" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_marks_line_id_reminder_window_exp_date_pk" PRIMARY KEY("line_id","reminder_window","exp_date"),
	CONSTRAINT "reminder_marks_window" CHECK (reminder_window in ('7', '3', '1', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "reminder_templates" (
	"account_id" integer NOT NULL,
	"reminder_window" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_templates_account_id_reminder_window_pk" PRIMARY KEY("account_id","reminder_window"),
	CONSTRAINT "reminder_templates_window" CHECK (reminder_window in ('7', '3', '1', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "reseller_notifications" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"secret_version" integer DEFAULT 1 NOT NULL,
	"low_balance_threshold" numeric(14, 2),
	"low_balance_notified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_notifications_threshold" CHECK ("reseller_notifications"."low_balance_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reseller_webhook_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event" text NOT NULL,
	"dedupe_key" text,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_webhook_outbox_dedupe_key" UNIQUE("dedupe_key"),
	CONSTRAINT "reseller_webhook_outbox_event" CHECK (event in ('line.expiring', 'line.expired', 'payment.received', 'balance.low'))
);
--> statement-breakpoint
ALTER TABLE "reminder_marks" ADD CONSTRAINT "reminder_marks_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_templates" ADD CONSTRAINT "reminder_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_notifications" ADD CONSTRAINT "reseller_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_notifications_webhook_idx" ON "reseller_notifications" USING btree ("account_id") WHERE "reseller_notifications"."webhook_url" is not null;--> statement-breakpoint
CREATE INDEX "reseller_webhook_outbox_pending_idx" ON "reseller_webhook_outbox" USING btree ("next_attempt_at") WHERE "reseller_webhook_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "reseller_webhook_outbox_account_idx" ON "reseller_webhook_outbox" USING btree ("account_id","id");