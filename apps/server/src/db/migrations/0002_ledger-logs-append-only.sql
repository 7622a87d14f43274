-- The credit ledger and the audit log are append-only (docs/decisions/0010): the database itself
-- refuses UPDATE and DELETE on them, so no code path, present or future, can rewrite history.
CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
--> statement-breakpoint
CREATE TRIGGER logs_append_only BEFORE UPDATE OR DELETE ON logs
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
