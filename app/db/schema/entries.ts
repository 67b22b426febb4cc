import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, kindCheck } from "./columns";
import { household } from "./household";
import { moneyAccount } from "./money-accounts";
import { importBatch } from "./statement-import";
import type { CategorySharing, TransactionKind } from "~/domain/categories";
import type { RateSource } from "~/domain/rates";

// The entries feature's tables: categories, income and expense entries, deleted entries kept for undo, month totals.

/** Built-in categories have no household (ids fixed in app/domain/categories.ts); custom ones belong to one. */
export const category = pgTable(
  "category",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id").references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TransactionKind>().notNull(),
    /** Translation key of a built-in category; null for custom ones. */
    key: text("key"),
    /** Name of a custom category; null for built-in ones. */
    name: text("name"),
    icon: text("icon").notNull().default("shapes"),
    color: text("color").notNull().default("#64748b"),
    sortOrder: integer("sort_order").notNull().default(0),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("category_household_kind_idx").on(table.householdId, table.kind),
    uniqueIndex("category_builtin_key")
      .on(table.key)
      .where(sql`${table.householdId} is null`),
    kindCheck("category_kind_check", "kind"),
    check("category_key_or_name_check", sql`(${table.key} is null) <> (${table.name} is null)`),
  ],
);

/**
 * A household's own default for a category's new expenses in a household of two or more (decision 0023): shared,
 * personal, or as its account says. Without a row the category keeps its built-in default (`builtInSharing`).
 */
export const categorySharing = pgTable(
  "category_sharing",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "cascade" }),
    sharing: text("sharing").$type<CategorySharing>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.categoryId] }),
    // A custom category's rows go with it.
    index("category_sharing_category_idx").on(table.categoryId),
    check("category_sharing_check", sql`${table.sharing} in ('shared','personal','account')`),
  ],
);

/**
 * Who an entry was paid to or received from, one per household and normalised name (app/domain/payees/payee-name.ts):
 * every branch of a chain is one payee. Its category is payee memory: what the household put its entries in, learned
 * from their choices. Memory is not a rule, so it counts toward no plan's limit (decision 0020).
 */
export const payee = pgTable(
  "payee",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    /** The normalised name: "albert heijn". */
    key: text("key").notNull(),
    /** What entries show as their title unless the person gave one of their own. */
    name: text("name").notNull(),
    /** Payee memory: the category the household chose for its money out and money in. */
    expenseCategoryId: uuid("expense_category_id").references(() => category.id, { onDelete: "set null" }),
    incomeCategoryId: uuid("income_category_id").references(() => category.id, { onDelete: "set null" }),
    /**
     * Whether its new expenses start shared or personal in a household of two or more, before the category's default
     * (decision 0023); null: as their category says.
     */
    sharing: text("sharing").$type<"shared" | "personal">(),
    /**
     * A payee merged into another (the Payees screen): its key stays as an alias, so the writer and payee memory give
     * what arrives under it to this one. Null for a payee of its own.
     */
    mergedIntoId: uuid("merged_into_id").references((): AnyPgColumn => payee.id, { onDelete: "set null" }),
    /** What undo of that merge puts back: the entries it moved and the aliases it pointed on. */
    mergeUndo: jsonb("merge_undo").$type<{ entryIds: string[]; aliasIds: string[] }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("payee_household_key").on(table.householdId, table.key),
    check("payee_sharing_check", sql`${table.sharing} in ('shared','personal')`),
    index("payee_merged_into_idx")
      .on(table.mergedIntoId)
      .where(sql`${table.mergedIntoId} is not null`),
  ],
);

/** An income or expense entry. Ids are UUIDv7 (time-ordered) so "newest first" within a day is the entry order. */
export const transaction = pgTable(
  "transaction",
  {
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TransactionKind>().notNull(),
    /** In the account's currency (`currency`). */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /**
     * The amount in the household's base currency (decision 0026): equal to `amount_minor` when the account is in the
     * base currency; null when no rate was found, and then left out of every base total and counted as missing.
     */
    baseAmountMinor: bigint("base_amount_minor", { mode: "number" }),
    /** Base units per unit of `currency`, the day it was published and who published it; null in the base currency. */
    rate: doublePrecision("rate"),
    rateOn: date("rate_on", { mode: "string" }),
    rateSource: text("rate_source").$type<RateSource>(),
    /** The rate stood in for a later day than `standingDays` allows (the bundled history has only monthly points): an update fills it. */
    rateProvisional: boolean("rate_provisional").notNull().default(false),
    /**
     * A card payment abroad as the statement gives it (decision 0026): the amount and currency the shop charged, beside
     * the account's amount; null when the statement says nothing of another currency.
     */
    originalAmountMinor: bigint("original_amount_minor", { mode: "number" }),
    originalCurrency: text("original_currency"),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    description: text("description").notNull().default(""),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    /** Who it was paid to or received from; its name is the entry's title when `description` is empty. */
    payeeId: uuid("payee_id").references(() => payee.id, { onDelete: "set null" }),
    /** The bank's full text of an imported entry, shown with it and searched; empty for entries typed by hand. */
    details: text("details").notNull().default(""),
    /** As the bank wrote it, for rules and transfer recognition; empty for entries typed by hand. */
    counterparty: text("counterparty"),
    counterpartyIban: text("counterparty_iban"),
    /** The import that wrote this entry (Undo import removes exactly these rows). */
    importBatchId: uuid("import_batch_id").references(() => importBatch.id, { onDelete: "set null" }),
    /** Hash of the row's identity in its account (app/domain/statements/import-identity.ts): a re-import adds nothing. */
    importKey: text("import_key"),
    /**
     * The import whose row turned out to be this entry, typed by hand or posted by a series before the statement came
     * (it then took that row's import key and the bank's details): its "Undo import" unlinks the entry, never deletes it.
     */
    matchedImportBatchId: uuid("matched_import_batch_id").references(() => importBatch.id, { onDelete: "set null" }),
    /** An expense both members carry (split by the household's share method) rather than one member's own. */
    shared: boolean("shared").notNull().default(false),
    /**
     * Who paid an expense or received an income; null means whoever entered it (`created_by`). Not a foreign key, like
     * `created_by`: a member who leaves keeps their history.
     */
    memberUserId: text("member_user_id"),
    // An audit field, not a foreign key: deleting an account must not scan every transaction of every household.
    createdBy: text("created_by"),
    /**
     * The id the device made when the entry was typed (the offline outbox, any form): an idempotency key, unique per
     * household, so sending the same entry twice adds it once and a changed copy updates it (decision 0028).
     */
    clientId: uuid("client_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Settle-up: one month of a household's shared expenses, without reading its personal ones.
    index("transaction_household_shared_date_idx")
      .on(table.householdId, table.occurredOn)
      .where(sql`${table.shared} and ${table.kind} = 'expense'`),
    uniqueIndex("transaction_account_import_key")
      .on(table.accountId, table.importKey)
      .where(sql`${table.importKey} is not null`),
    uniqueIndex("transaction_household_client_id")
      .on(table.householdId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    // Account balances and the account's own list.
    index("transaction_account_date_idx").on(table.accountId, table.occurredOn),
    index("transaction_import_batch_idx")
      .on(table.importBatchId)
      .where(sql`${table.importBatchId} is not null`),
    index("transaction_matched_import_batch_idx")
      .on(table.matchedImportBatchId)
      .where(sql`${table.matchedImportBatchId} is not null`),
    // Income / Expenses pages: one month of one kind, newest first, keyset-paginated; also the weekly chart.
    index("transaction_household_kind_date_idx").on(
      table.householdId,
      table.kind,
      table.occurredOn.desc(),
      table.id.desc(),
    ),
    // Dashboard "recent transactions" across both kinds.
    index("transaction_household_date_idx").on(table.householdId, table.occurredOn.desc(), table.id.desc()),
    // Search across all months (entrySearchText): the same expression by trigrams (pg_trgm), after the household
    // (btree_gin), so a word every household has ("albert") is looked up among one household's entries, not all.
    index("transaction_household_search_trgm").using(
      "gin",
      table.householdId,
      sql`(${table.description} || ' ' || ${table.details} || ' ' || coalesce(${table.counterparty}, '')) gin_trgm_ops`,
    ),
    index("transaction_payee_idx")
      .on(table.payeeId)
      .where(sql`${table.payeeId} is not null`),
    kindCheck("transaction_kind_check", "kind"),
    check("transaction_amount_positive_check", sql`${table.amountMinor} > 0`),
    check(
      "transaction_original_amount_check",
      sql`(${table.originalAmountMinor} is null) = (${table.originalCurrency} is null) and ${table.originalAmountMinor} > 0`,
    ),
    check(
      "transaction_rate_source_check",
      sql`${table.rateSource} in ('ecb','nbu','nbp','tcmb','history','bank','manual')`,
    ),
    // Entries whose rate is missing or provisional, for the updater to fill (few, or none).
    index("transaction_rate_pending_idx")
      .on(table.householdId)
      .where(sql`${table.baseAmountMinor} is null or ${table.rateProvisional}`),
  ],
);

/**
 * An entry's lines (decision 0018): every entry has one or more, and they add up to it to the minor unit (a deferred
 * constraint trigger checks it at commit). An entry nobody split has exactly one line, so every total reads lines and
 * nothing special-cases a split. Household, kind and date are the entry's, copied by the one writer, so the month
 * totals' triggers can fold a line without its entry (which a cascading delete has already removed).
 */
export const entryLine = pgTable(
  "entry_line",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => transaction.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TransactionKind>().notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    /** The line's place in its entry, from 0. */
    position: integer("position").notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id),
    /** In the entry's currency; may carry the opposite sign (a refund inside a receipt). */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /** The line's share of its entry's base amount (largest remainder, so the lines add up to it); null with it. */
    baseAmountMinor: bigint("base_amount_minor", { mode: "number" }),
    shared: boolean("shared").notNull(),
    /** Whose personal line, in a household of two; null: the entry's member. */
    memberUserId: text("member_user_id"),
    note: text("note").notNull().default(""),
  },
  (table) => [
    uniqueIndex("entry_line_entry_position").on(table.entryId, table.position),
    index("entry_line_household_date_idx").on(table.householdId, table.occurredOn),
    kindCheck("entry_line_kind_check", "kind"),
  ],
);

/**
 * What undo of a delete puts back: the deleted entry whole (its account, counterparty, import identity, member), kept on
 * the server for a day, so undo never trusts what the browser posts. Only the member who deleted it may undo it.
 */
export const deletedEntry = pgTable(
  "deleted_entry",
  {
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    deletedBy: text("deleted_by").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
    entry: jsonb("entry").notNull(),
    /** The entry's lines as they were; null for a copy kept before lines existed (undo then makes one line). */
    lines: jsonb("lines"),
  },
  (table) => [index("deleted_entry_deleted_at_idx").on(table.deletedAt)],
);

/** One entry as a bulk edit found it: what undo puts back of the one thing it changed, while the entry is at `version`. */
export interface BulkEditedEntry {
  id: string;
  categoryId?: string;
  payeeId?: string | null;
  shared?: boolean;
  /** The entry's version after the bulk edit; undo leaves an entry somebody changed since as it is. */
  version?: string;
}

/**
 * A bulk edit of search results, kept a day for its undo (decision 0020): what it did and, per entry, what it changed
 * from; a bulk delete's entries are in `deleted_entry`, and undo puts back those copies. Only its member may undo it.
 */
export const bulkEdit = pgTable(
  "bulk_edit",
  {
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    action: text("action").notNull(),
    entries: jsonb("entries").$type<BulkEditedEntry[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("bulk_edit_created_at_idx").on(table.createdAt)],
);

/**
 * Totals per household, month, kind and category, kept exact by statement-level triggers on `transaction`
 * (see the budget_month_totals migration). Cards, charts and reports read these few rows, so their cost
 * follows the number of months shown, not the size of the history.
 */
export const monthTotal = pgTable(
  "month_total",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    /** First day of the calendar month. */
    month: date("month", { mode: "string" }).notNull(),
    kind: text("kind").$type<TransactionKind>().notNull(),
    categoryId: uuid("category_id").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    entries: integer("entries").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.month, table.kind, table.categoryId] })],
);

export type TransactionRow = typeof transaction.$inferSelect;

/**
 * What an entry shows as its title (decision 0020): its own description when the person or a rule gave one, else its
 * payee's name, else what the bank named (an entry imported before payees existed). Every list, card, export and
 * search reads this one expression, so a payee's rename shows everywhere at once.
 */
export const entryTitle = sql<string>`coalesce(
  nullif(${transaction.description}, ''),
  (select ${payee.name} from ${payee} where ${payee.id} = ${transaction.payeeId}),
  nullif(${transaction.counterparty}, ''),
  ${transaction.details})`;

/**
 * The text search across all months looks in besides the payee's name: the entry's own title, the bank's words and
 * the counterparty, as one expression, which the trigram index `transaction_household_search_trgm` (migration 0022)
 * covers after the household.
 */
export const entrySearchText = sql<string>`(${transaction.description} || ' ' || ${transaction.details} || ' ' || coalesce(${transaction.counterparty}, ''))`;
