import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
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
import { user } from "./auth";
import { bytea } from "./bytea";
import type { CsvMapping } from "~/domain/statements/csv";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const kindCheck = (name: string, column: string) => check(name, sql.raw(`${column} in ('income','expense')`));

/** One budget. Every account gets its own at sign-up; partners are invited into others. */
export const household = pgTable(
  "household",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** ISO 4217; every amount of the household is in this currency. */
    currency: text("currency").notNull().default("EUR"),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** How shared expenses are split (app/domain/fair-share.ts): `equal`, `income` (by each member's income) or `fixed`. */
    shareMethod: text("share_method").notNull().default("equal"),
    /** A shared expense of at least this many minor units tells the other members; null: no such notice. */
    sharedAlertMinor: bigint("shared_alert_minor", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("household_owner_user_id_idx").on(table.ownerUserId),
    check("household_share_method_check", sql`${table.shareMethod} in ('equal','income','fixed')`),
    check("household_shared_alert_positive_check", sql`${table.sharedAlertMinor} > 0`),
  ],
);

export const householdMember = pgTable(
  "household_member",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    /** A partner who adds and changes the household's money (premium); without it a partner only looks. Owners always edit. */
    canEdit: boolean("can_edit").notNull().default(false),
    /** This member's part of shared expenses under the `fixed` share method, in whole percent. */
    sharePercent: integer("share_percent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.userId] }),
    // The household switcher: every household of a user.
    index("household_member_user_id_idx").on(table.userId),
    check("household_member_role_check", sql`${table.role} in ('owner','partner')`),
    check("household_member_share_percent_check", sql`${table.sharePercent} between 0 and 100`),
  ],
);

/**
 * The members of a household who show their personal spending to the others only as category totals (a row: hidden;
 * no row: entry by entry). Not part of the membership on purpose: the choice outlives it, so a member who leaves, is
 * removed or deletes their account stays hidden, and one who joins again finds their choice kept (decision 0016).
 * No foreign key to the user for the same reason; entries name their member by id, not by reference, too.
 */
export const personalPrivacy = pgTable(
  "personal_privacy",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.userId] })],
);

/** Built-in categories have no household (ids fixed in app/domain/categories.ts); custom ones belong to one. */
export const category = pgTable(
  "category",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id").references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
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
    kind: text("kind").notNull().default("checking"),
    /** ISO 4217; today always the household's currency. */
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
    format: text("format").notNull(),
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

/** An income or expense entry. Ids are UUIDv7 (time-ordered) so "newest first" within a day is the entry order. */
export const transaction = pgTable(
  "transaction",
  {
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    description: text("description").notNull().default(""),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    /** As the bank wrote it, for rules and transfer recognition; empty for entries typed by hand. */
    counterparty: text("counterparty"),
    counterpartyIban: text("counterparty_iban"),
    /** The import that wrote this entry (Undo import removes exactly these rows). */
    importBatchId: uuid("import_batch_id").references(() => importBatch.id, { onDelete: "set null" }),
    /** Hash of the row's identity in its account (app/domain/statements/import-identity.ts): a re-import adds nothing. */
    importKey: text("import_key"),
    /** An expense both members carry (split by the household's share method) rather than one member's own. */
    shared: boolean("shared").notNull().default(false),
    /**
     * Who paid an expense or received an income; null means whoever entered it (`created_by`). Not a foreign key, like
     * `created_by`: a member who leaves keeps their history.
     */
    memberUserId: text("member_user_id"),
    // An audit field, not a foreign key: deleting an account must not scan every transaction of every household.
    createdBy: text("created_by"),
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
    // Account balances and the account's own list.
    index("transaction_account_date_idx").on(table.accountId, table.occurredOn),
    index("transaction_import_batch_idx")
      .on(table.importBatchId)
      .where(sql`${table.importBatchId} is not null`),
    // Income / Expenses pages: one month of one kind, newest first, keyset-paginated; also the weekly chart.
    index("transaction_household_kind_date_idx").on(
      table.householdId,
      table.kind,
      table.occurredOn.desc(),
      table.id.desc(),
    ),
    // Dashboard "recent transactions" across both kinds.
    index("transaction_household_date_idx").on(table.householdId, table.occurredOn.desc(), table.id.desc()),
    kindCheck("transaction_kind_check", "kind"),
    check("transaction_amount_positive_check", sql`${table.amountMinor} > 0`),
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
  },
  (table) => [index("deleted_entry_deleted_at_idx").on(table.deletedAt)],
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
    kind: text("kind").notNull(),
    categoryId: uuid("category_id").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    entries: integer("entries").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.month, table.kind, table.categoryId] })],
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
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
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
    check("transfer_accounts_differ_check", sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

export const goal = pgTable(
  "goal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    targetMinor: bigint("target_minor", { mode: "number" }).notNull(),
    /** Sum of the contributions, updated in the same transaction as each contribution. */
    savedMinor: bigint("saved_minor", { mode: "number" }).notNull().default(0),
    deadline: date("deadline", { mode: "string" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    reachedAt: timestamp("reached_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("goal_household_idx").on(table.householdId, table.createdAt),
    check("goal_target_positive_check", sql`${table.targetMinor} > 0`),
    check("goal_saved_not_negative_check", sql`${table.savedMinor} >= 0`),
  ],
);

/** Money put into (positive) or taken out of (negative) a goal. */
export const goalContribution = pgTable(
  "goal_contribution",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    goalId: uuid("goal_id")
      .notNull()
      .references(() => goal.id, { onDelete: "cascade" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("goal_contribution_goal_date_idx").on(table.goalId, table.occurredOn.desc(), table.createdAt.desc()),
    check("goal_contribution_nonzero_check", sql`${table.amountMinor} <> 0`),
  ],
);

/**
 * Money one member gave the other to square a month's shared expenses ("Mark as settled"). It counts as a payment
 * from `from_user_id`, so the month's balance is zero right after it. The split it was computed with is kept, so a
 * later change of the share method never reopens a settled month (app/features/sharing/settle-up.server.ts).
 */
export const settlement = pgTable(
  "settlement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    /** First day of the settled calendar month. */
    month: date("month", { mode: "string" }).notNull(),
    fromUserId: text("from_user_id").notNull(),
    toUserId: text("to_user_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    shareMethod: text("share_method").notNull(),
    /** Under `fixed`, each member's percent at the time of settling. */
    sharePercents: jsonb("share_percents").$type<Record<string, number>>(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One month's settlements, and the history newest first.
    index("settlement_household_month_idx").on(table.householdId, table.month.desc(), table.createdAt.desc()),
    check("settlement_amount_positive_check", sql`${table.amountMinor} > 0`),
    check("settlement_members_differ_check", sql`${table.fromUserId} <> ${table.toUserId}`),
    check("settlement_share_method_check", sql`${table.shareMethod} in ('equal','income','fixed')`),
  ],
);

/** The household's plan. No row means free; the plans issue writes the rows (Stripe or test mode). */
export const subscription = pgTable(
  "subscription",
  {
    householdId: uuid("household_id")
      .primaryKey()
      .references(() => household.id, { onDelete: "cascade" }),
    plan: text("plan").notNull().default("free"),
    status: text("status").notNull().default("active"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("subscription_provider_subscription_key").on(table.providerSubscriptionId),
    check("subscription_plan_check", sql`${table.plan} in ('free','premium')`),
  ],
);

/** Behind the header's alert dot: partner joined, goal reached, a category above its usual spending. */
export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    householdId: uuid("household_id").references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, string | number | null>>().notNull().default({}),
    /** The same event never notifies twice ("goal-reached:<id>", "over-usual:<category>:<month>"). */
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("notification_user_created_idx").on(table.userId, table.createdAt.desc()),
    uniqueIndex("notification_user_dedupe_key")
      .on(table.userId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);

export type HouseholdRow = typeof household.$inferSelect;
export type TransactionRow = typeof transaction.$inferSelect;
export type MoneyAccountRow = typeof moneyAccount.$inferSelect;
export type TransferRow = typeof transfer.$inferSelect;
export type ImportBatchRow = typeof importBatch.$inferSelect;
export type GoalRow = typeof goal.$inferSelect;
export type NotificationRow = typeof notification.$inferSelect;
