-- Forint amounts are kept in fillér (ISO 4217: two minor digits), but conversions scaled them by the digits ICU uses to
-- display the forint (none), so a forint entry's base amount was a hundred times too large, and a household counting in
-- forints saw other currencies a hundred times too small. Their base amounts are cleared here, lines included, and
-- worked out again at start-up (fillPendingRates), from each entry's own amount and rate.
UPDATE "transaction" AS "entry" SET "base_amount_minor" = NULL
FROM "household"
WHERE "household"."id" = "entry"."household_id"
  AND ("entry"."currency" = 'HUF') <> ("household"."currency" = 'HUF');--> statement-breakpoint
UPDATE "entry_line" AS "line" SET "base_amount_minor" = NULL
FROM "transaction" AS "entry", "household"
WHERE "entry"."id" = "line"."entry_id" AND "household"."id" = "entry"."household_id"
  AND ("entry"."currency" = 'HUF') <> ("household"."currency" = 'HUF');
