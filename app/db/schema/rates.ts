import { date, doublePrecision, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { RateSource } from "~/domain/rates";

// The rates feature's table: exchange rates fetched from the central banks since the bundled history (decision 0026).

/** A rate a central bank published: units of `currency` per euro on `on`. The bundled history is not stored here. */
export const exchangeRate = pgTable(
  "exchange_rate",
  {
    currency: text("currency").notNull(),
    on: date("on", { mode: "string" }).notNull(),
    source: text("source").$type<RateSource>().notNull(),
    perEuro: doublePrecision("per_euro").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.currency, table.on] })],
);
