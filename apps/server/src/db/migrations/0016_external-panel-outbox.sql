CREATE TABLE "external_panel_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_panel_outbox_subject_check" CHECK ("external_panel_outbox"."subject" in ('reseller', 'line'))
);
--> statement-breakpoint
CREATE INDEX "external_panel_outbox_pending_idx" ON "external_panel_outbox" USING btree ("next_attempt_at") WHERE "external_panel_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "external_panel_outbox_subject_idx" ON "external_panel_outbox" USING btree ("subject","subject_id","id");