-- The Stalker/Ministra portal of hybrid lines (decisions 0113 to 0116): the box a line is locked to, the
-- portal session get_profile adopted, and the events the panel sends to the box.
ALTER TABLE "lines" ADD COLUMN "portal_sn" text;
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "portal_device_id" text;
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "portal_device_id2" text;
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "portal_model" text;
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "portal_refused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "portal_session" text;
--> statement-breakpoint
CREATE TABLE "portal_events" (
  "id" serial PRIMARY KEY NOT NULL,
  "line_id" integer NOT NULL,
  "event" text NOT NULL,
  "message" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal_events" ADD CONSTRAINT "portal_events_line_id_lines_id_fk" FOREIGN KEY ("line_id")
  REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "portal_events_pending_idx" ON "portal_events" USING btree ("line_id","id")
  WHERE "portal_events"."confirmed_at" is null;
--> statement-breakpoint
-- A new MAC is a new box (a hybrid transfer, an edit): whatever path changes it, the lock and the session
-- of the old box end with it, so the new box binds at its first get_profile (decision 0114).
CREATE FUNCTION reset_portal_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.portal_sn := NULL;
  NEW.portal_device_id := NULL;
  NEW.portal_device_id2 := NULL;
  NEW.portal_model := NULL;
  NEW.portal_refused_at := NULL;
  NEW.portal_session := NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lines_portal_mac_change BEFORE UPDATE OF macaddr ON lines FOR EACH ROW
  WHEN (OLD.macaddr IS DISTINCT FROM NEW.macaddr) EXECUTE FUNCTION reset_portal_device();
--> statement-breakpoint
-- 'Liberar aparelho' and a message to the box are logged with codes of their own (decision 0114, 0116). As
-- in 0008, the new checks are a superset of the old ones, added NOT VALID and validated afterwards.
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus', 'disconnect', 'release_device', 'portal_message')) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_action";
