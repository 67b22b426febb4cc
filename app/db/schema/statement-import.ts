import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { bytea } from "./bytea";
import { household } from "./household";
import { moneyAccount } from "./money-accounts";
import type { StatementFormat } from "~/domain/statements/statement";

// The statement-import feature's tables: imports (what undo removes) and uploaded statements awaiting confirmation.

/** One imported statement file: what "Undo import" removes, and the history of imports. */
export const importBatch = pgTable(
  "import_batch",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    format: text("format").$type<StatementFormat>().notNull(),
    /** Rows in the file, rows written (entries and transfers), rows skipped as duplicates. */
    rowsInFile: integer("rows_in_file").notNull(),
    rowsImported: integer("rows_imported").notNull(),
    rowsDuplicate: integer("rows_duplicate").notNull(),
    closingBalanceMinor: bigint("closing_balance_minor", { mode: "number" }),
    closingOn: date("closing_on", { mode: "string" }),
    createdBy: text("created_by"),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("import_batch_account_idx").on(table.accountId, table.createdAt.desc()),
    index("import_batch_household_idx").on(table.householdId, table.createdAt.desc()),
  ],
);

/**
 * A statement file between upload and confirmation: the preview and the confirmation read the same bytes, so what the
 * user confirmed is what is written, with or without JavaScript. Removed on confirmation and after a day.
 */
export const importDraft = pgTable(
  "import_draft",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    fileName: text("file_name").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("import_draft_household_idx").on(table.householdId, table.createdAt)],
);

export type ImportBatchRow = typeof importBatch.$inferSelect;
