import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { household } from "./household";
import { importBatch } from "./statement-import";
import type { CsvMapping } from "~/domain/statements/csv";

// The money-accounts feature's tables: where money is kept, each account's month totals, transfers.

/**
 * Where money is kept: a checking or savings account, a credit card, cash. Every transaction belongs to one; balances
 * are the opening balance plus its entries and transfers (money-in.md, "Accounts").
 */
export const moneyAccount = pgTable(
  "money_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    /** Null until the user names it: shown as the translated "Everyday account". */
    name: text("name"),
    /** The account every household starts with, where entries typed without choosing an account go. */
    isEveryday: boolean("is_everyday").notNull().default(false),
    kind: text("kind", { enum: ["checking", "savings", "credit_card", "cash"] })
      .notNull()
      .default("checking"),
    /** ISO 4217: its entries, balance and statements are in it; any currency, whatever the household's base (decision 0026). */
    currency: text("currency").notNull(),
    /** Normalised (upper case, no spaces), mod-97 checked on the way in. */
    iban: text("iban"),
    /** Signed: a credit card starts below zero when money is owed. */
    openingBalanceMinor: bigint("opening_balance_minor", { mode: "number" }).notNull().default(0),
    openingOn: date("opening_on", { mode: "string" }),
    /** How this account's CSV files map to fields, saved by the mapping step (app/domain/statements/csv.ts). */
    csvMapping: jsonb("csv_mapping").$type<CsvMapping>(),
    /** Whether its expenses start out shared between the members (a joint account) or personal. */
    defaultShared: boolean("default_shared").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("money_account_household_idx").on(table.householdId, table.createdAt),
    // Transfers are recognised by the counterparty's IBAN: one account per IBAN in a household.
    // One Everyday account per household: created on first need without a race.
    uniqueIndex("money_account_household_everyday_key")
      .on(table.householdId)
      .where(sql`${table.isEveryday}`),
    uniqueIndex("money_account_household_iban_key")
      .on(table.householdId, table.iban)
      .where(sql`${table.iban} is not null`),
    check("money_account_kind_check", sql`${table.kind} in ('checking','savings','credit_card','cash')`),
  ],
);

/**
 * Each account's net movement per month (income − expenses, transfers in − out), kept exact by statement-level
 * triggers on `transaction` and `transfer` (the account_month_totals migration). A balance reads these rows for the
 * months before the day asked for and the entries of that day's month alone, so it costs the same at 100 or 100,000
 * entries.
 */
export const accountMonthTotal = pgTable(
  "account_month_total",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    /** First day of the calendar month. */
    month: date("month", { mode: "string" }).notNull(),
    netMinor: bigint("net_minor", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.month] })],
);

/**
 * Money moved between two accounts of one household: one row with both sides, so it is never counted as income or
 * expense and stays out of totals, savings rate and category spending (month_total reads only `transaction`).
 */
export const transfer = pgTable(
  "transfer",
  {
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    fromAccountId: uuid("from_account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    toAccountId: uuid("to_account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    /** What left the "from" account, in its currency. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /**
     * What arrived in the "to" account, in its currency: the same figure between accounts of one currency (a trigger
     * holds that), the bank's own conversion between two (decision 0027).
     */
    toAmountMinor: bigint("to_amount_minor", { mode: "number" }).notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    description: text("description").notNull().default(""),
    importBatchId: uuid("import_batch_id").references(() => importBatch.id, { onDelete: "set null" }),
    /** Each side's import identity, so importing either account's statement again adds nothing. */
    fromImportKey: text("from_import_key"),
    toImportKey: text("to_import_key"),
    /** The import that supplied the second side (its key), so undoing that import takes only the key back. */
    matchedImportBatchId: uuid("matched_import_batch_id").references(() => importBatch.id, { onDelete: "set null" }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("transfer_household_date_idx").on(table.householdId, table.occurredOn.desc()),
    index("transfer_from_account_date_idx").on(table.fromAccountId, table.occurredOn),
    index("transfer_to_account_date_idx").on(table.toAccountId, table.occurredOn),
    uniqueIndex("transfer_from_import_key")
      .on(table.fromAccountId, table.fromImportKey)
      .where(sql`${table.fromImportKey} is not null`),
    uniqueIndex("transfer_to_import_key")
      .on(table.toAccountId, table.toImportKey)
      .where(sql`${table.toImportKey} is not null`),
    check("transfer_amount_positive_check", sql`${table.amountMinor} > 0`),
    check("transfer_to_amount_positive_check", sql`${table.toAmountMinor} > 0`),
    check("transfer_accounts_differ_check", sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

/**
 * What undo of a transfer's delete puts back: the deleted transfer whole (its import keys and batches too), kept on the
 * server for a day like a deleted entry (`deleted_entry`), so undo never trusts what the browser posts. Only the member
 * who deleted it may undo it.
 */
export const deletedTransfer = pgTable(
  "deleted_transfer",
  {
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    deletedBy: text("deleted_by").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
    transfer: jsonb("transfer").notNull(),
  },
  (table) => [index("deleted_transfer_deleted_at_idx").on(table.deletedAt)],
);

export type MoneyAccountRow = typeof moneyAccount.$inferSelect;
export type TransferRow = typeof transfer.$inferSelect;
