-- Search across all months (issue 22): a trigram index over an entry's own title, the bank's words and the
-- counterparty, so "albert" finds its rows among 100,000 without reading them all. pg_trgm ships with PostgreSQL's
-- contrib and with PGlite (loaded in app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "transaction_search_trgm" ON "transaction" USING gin (("description" || ' ' || "details" || ' ' || coalesce("counterparty", '')) gin_trgm_ops);
