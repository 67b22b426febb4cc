export type TransactionKind = "income" | "expense";

export function isTransactionKind(value: unknown): value is TransactionKind {
  return value === "income" || value === "expense";
}

/** Icon names the category chips draw (mapped to lucide icons in the component). */
export type CategoryIcon =
  | "briefcase"
  | "hand-coins"
  | "sparkles"
  | "home"
  | "shopping-cart"
  | "bus"
  | "plug"
  | "heart-pulse"
  | "ticket"
  | "utensils"
  | "graduation-cap"
  | "baby"
  | "piggy-bank"
  | "shapes";

/** The built-in categories' keys; each has its label at `app:categories.<key>`. */
export type BuiltInCategoryKey =
  | "salary"
  | "benefits"
  | "otherIncome"
  | "housing"
  | "groceries"
  | "transport"
  | "utilities"
  | "health"
  | "leisure"
  | "eatingOut"
  | "education"
  | "children"
  | "savings"
  | "other";

export interface BuiltInCategory {
  /** Fixed id, inserted by the budget migration; transactions of every household point to these rows. */
  id: string;
  key: BuiltInCategoryKey;
  kind: TransactionKind;
  icon: CategoryIcon;
  color: string;
}

/**
 * The built-in, translated set (label: `app:categories.<key>`). Order is the order people pick from.
 * Colours are distinguishable from each other and keep 3:1 contrast against white for the chips.
 */
export const builtInCategories: readonly BuiltInCategory[] = [
  { id: "00000000-0000-4000-8000-000000000101", key: "salary", kind: "income", icon: "briefcase", color: "#2f7d5b" },
  { id: "00000000-0000-4000-8000-000000000102", key: "benefits", kind: "income", icon: "hand-coins", color: "#3b6fb6" },
  {
    id: "00000000-0000-4000-8000-000000000103",
    key: "otherIncome",
    kind: "income",
    icon: "sparkles",
    color: "#8a5cc2",
  },
  { id: "00000000-0000-4000-8000-000000000201", key: "housing", kind: "expense", icon: "home", color: "#3b6fb6" },
  {
    id: "00000000-0000-4000-8000-000000000202",
    key: "groceries",
    kind: "expense",
    icon: "shopping-cart",
    color: "#2f7d5b",
  },
  { id: "00000000-0000-4000-8000-000000000203", key: "transport", kind: "expense", icon: "bus", color: "#c2620a" },
  { id: "00000000-0000-4000-8000-000000000204", key: "utilities", kind: "expense", icon: "plug", color: "#a1840b" },
  { id: "00000000-0000-4000-8000-000000000205", key: "health", kind: "expense", icon: "heart-pulse", color: "#c2410c" },
  { id: "00000000-0000-4000-8000-000000000206", key: "leisure", kind: "expense", icon: "ticket", color: "#8a5cc2" },
  { id: "00000000-0000-4000-8000-000000000207", key: "eatingOut", kind: "expense", icon: "utensils", color: "#be3a6e" },
  {
    id: "00000000-0000-4000-8000-000000000208",
    key: "education",
    kind: "expense",
    icon: "graduation-cap",
    color: "#0e7490",
  },
  { id: "00000000-0000-4000-8000-000000000209", key: "children", kind: "expense", icon: "baby", color: "#d97706" },
  { id: "00000000-0000-4000-8000-000000000210", key: "savings", kind: "expense", icon: "piggy-bank", color: "#0f766e" },
  { id: "00000000-0000-4000-8000-000000000211", key: "other", kind: "expense", icon: "shapes", color: "#64748b" },
];

/**
 * Costs a household carries together: in a household of two or more a new expense in one of these starts shared unless
 * the person, a rule or the account said otherwise (decision 0023). Every other category leaves it to the account.
 */
export const sharedByDefaultCategoryIds: readonly string[] = [
  "00000000-0000-4000-8000-000000000201", // housing
  "00000000-0000-4000-8000-000000000202", // groceries
  "00000000-0000-4000-8000-000000000204", // utilities
];

/** Why a new expense starts shared or personal, strongest first. */
export type SharedBecause = "chosen" | "rule" | "payee" | "category" | "account";

/** A category's default for new expenses in a household of two or more: shared, personal, or as its account says. */
export const categorySharings = ["shared", "personal", "account"] as const;
export type CategorySharing = (typeof categorySharings)[number];

/** A category's default when the household has not set one: shared for the shared-by-default costs, else the account's. */
export function builtInSharing(categoryId: string): CategorySharing {
  return sharedByDefaultCategoryIds.includes(categoryId) ? "shared" : "account";
}

/**
 * Shared or personal for a new expense in a household of two or more, in this order: the person's own choice, a rule,
 * the payee's default (entries from a statement have a payee), the category's default (`category`: the household's
 * setting, else `builtInSharing`), the account's default. The entry writer applies the same order in SQL for entries
 * nobody typed (imports, series).
 */
export function startsShared({
  chosen,
  rule,
  payee = null,
  category,
  account,
}: {
  chosen?: boolean;
  rule?: boolean;
  payee?: "shared" | "personal" | null;
  category: CategorySharing;
  account: boolean;
}): { shared: boolean; because: SharedBecause } {
  if (chosen !== undefined) return { shared: chosen, because: "chosen" };
  if (rule !== undefined) return { shared: rule, because: "rule" };
  if (payee !== null) return { shared: payee === "shared", because: "payee" };
  if (category !== "account") return { shared: category === "shared", because: "category" };
  return { shared: account, because: "account" };
}

const byKey = new Map<string, BuiltInCategory>(builtInCategories.map((category) => [category.key, category]));

function isBuiltInCategoryKey(key: string): key is BuiltInCategoryKey {
  return byKey.has(key);
}

export function builtInCategory(key: string): BuiltInCategory {
  const category = byKey.get(key);
  if (!category) throw new Error(`Unknown built-in category ${key}`);
  return category;
}

/** Where an entry lands when nobody picks a category. */
export function defaultCategoryId(kind: TransactionKind): string {
  return builtInCategory(kind === "income" ? "salary" : "other").id;
}

/** A category as pages show it: built-in ones carry a translation key, custom ones a name. */
export interface CategoryView {
  id: string;
  kind: TransactionKind;
  key: string | null;
  name: string | null;
  icon: string;
  color: string;
  archived: boolean;
  /** Whether its new expenses start shared in a household of two or more (`startsShared`). */
  sharing: CategorySharing;
}

/** The label of a category in the reader's language (t is the app namespace's, which has every built-in label). */
export function categoryLabel(
  category: Pick<CategoryView, "key" | "name">,
  t: (key: `categories.${BuiltInCategoryKey}`) => string,
): string {
  if (category.key && isBuiltInCategoryKey(category.key)) return t(`categories.${category.key}`);
  return category.name ?? "";
}
