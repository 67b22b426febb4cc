-- A card payment abroad keeps the amount and currency the shop charged beside the account's amount (issue 24).
ALTER TABLE "transaction" ADD COLUMN "original_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_original_amount_check" CHECK (("transaction"."original_amount_minor" is null) = ("transaction"."original_currency" is null) and "transaction"."original_amount_minor" > 0);