-- A transfer carries one amount, so both its accounts must be in one currency (decision 0026): a transfer between
-- currencies, which needs both amounts, is refused here whoever writes it (the transfer form, an import, a rule).
CREATE FUNCTION "transfer_one_currency"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "currency" FROM "money_account" WHERE "id" = NEW."from_account_id")
     IS DISTINCT FROM (SELECT "currency" FROM "money_account" WHERE "id" = NEW."to_account_id") THEN
    RAISE EXCEPTION 'a transfer between accounts in different currencies needs both amounts'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transfer_one_currency" BEFORE INSERT OR UPDATE OF "from_account_id", "to_account_id" ON "transfer"
  FOR EACH ROW EXECUTE FUNCTION "transfer_one_currency"();
