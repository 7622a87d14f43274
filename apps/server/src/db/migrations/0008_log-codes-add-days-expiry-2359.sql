-- Decision 0026: the P2P extension and the 23:59 change get log codes of their own (add_days,
-- expiry_2359) instead of 'renewed'. The new checks are a superset of the old ones, added NOT VALID and
-- validated afterwards, so a large log is checked without blocking writes to it.
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" DROP CONSTRAINT "logs_action";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus')) NOT VALID;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_action" CHECK (action in ('add', 'remove', 'created', 'block', 'unblock', 'delete', 'transfer_reseller', 'renewed', 'renewed_calendar', 'add_days', 'expiry_2359', 'update_screen', 'update_username', 'update_password', 'system_change', 'user_created', 'cleanup', 'bonus')) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_ledger" VALIDATE CONSTRAINT "credit_ledger_action";--> statement-breakpoint
ALTER TABLE "logs" VALIDATE CONSTRAINT "logs_action";
