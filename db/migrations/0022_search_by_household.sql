-- Search across all months (issue 22) looks a word up among one household's entries: the trigram index gains the
-- household in front (btree_gin lets a GIN index hold a plain uuid). With the index over every household's text, a word
-- most households have ("albert heijn") matched 37,702 entries in a 1.1 million entry database, which were then
-- checked against the household one by one. btree_gin ships with PostgreSQL's contrib and with PGlite (loaded in
-- app/db/pglite-extensions.server.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "transaction_search_trgm";--> statement-breakpoint
CREATE INDEX "transaction_household_search_trgm" ON "transaction" USING gin ("household_id",("description" || ' ' || "details" || ' ' || coalesce("counterparty", '')) gin_trgm_ops);
