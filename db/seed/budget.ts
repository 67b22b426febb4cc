import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { account, goal, goalContribution, householdMember, user } from "~/db/schema";
import { builtInCategory, builtInCategories, type TransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";
import type { Currency } from "~/domain/money";
import {
  addDays,
  addMonths,
  daysInMonth,
  monthOf,
  monthRange,
  monthStart,
  type IsoDate,
  type MonthKey,
} from "~/domain/periods";
import { uuidv7 } from "~/lib/uuid";
import { createPersonalHousehold } from "~/features/household/households.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { insertEntries, type NewEntry } from "~/features/entries/entry-writer.server";

/**
 * Factories shared by the integration tests, the development demo and the benchmark, so test data
 * looks like real data and each test makes its own.
 */

export interface SeedUserOptions {
  email?: string;
  name?: string;
  locale?: Language | null;
  emailVerified?: boolean;
  /** When given, a Better Auth credential account is created so the user can sign in with it. */
  password?: string;
}

export async function seedUser(options: SeedUserOptions = {}) {
  const id = crypto.randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@samen.test`;
  const [created] = await db()
    .insert(user)
    .values({
      id,
      email,
      name: options.name ?? "Sam Tester",
      emailVerified: options.emailVerified ?? true,
      locale: options.locale ?? null,
    })
    .returning();
  if (!created) throw new Error("user insert returned nothing");
  if (options.password) {
    const { hashPassword } = await import("better-auth/crypto");
    await db()
      .insert(account)
      .values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(options.password),
      });
  }
  return created;
}

/** A user with their own household, the way sign-up leaves them. */
export async function seedHousehold(options: SeedUserOptions & { householdName?: string; currency?: string } = {}) {
  const owner = await seedUser(options);
  const household = await createPersonalHousehold({ userId: owner.id, name: options.householdName });
  if (options.currency)
    await db().execute(sql`update "household" set "currency" = ${options.currency} where "id" = ${household.id}`);
  return { owner, household };
}

/** Adds a read-only partner to a household (what an accepted invitation does). */
/** A partner who only looks, or (canEdit) one who adds and changes the household's money. */
export async function addPartner({
  householdId,
  userId,
  canEdit = false,
}: {
  householdId: string;
  userId: string;
  canEdit?: boolean;
}) {
  await db().insert(householdMember).values({ householdId, userId, role: "partner", canEdit });
}

export interface SeedEntry {
  kind: TransactionKind;
  amountMinor: number;
  occurredOn: IsoDate;
  description?: string;
  /** Built-in category key (salary, groceries, …); default salary / other. */
  category?: string;
  /** As a bank statement names the other side; entries typed by hand have none. */
  counterparty?: string;
  /** A shared expense (split between the members) rather than a personal one. */
  shared?: boolean;
  /** Who paid or received it; default the entering user. */
  memberUserId?: string;
}

/** Inserts entries as given, through the one writer. */
export async function seedTransactions({
  householdId,
  userId,
  entries,
  currency = "EUR",
  accountId,
}: {
  householdId: string;
  userId?: string;
  entries: SeedEntry[];
  currency?: Currency;
  /** Default: the household's Everyday account. */
  accountId?: string;
}) {
  const account = accountId ?? (await everydayAccountId(householdId));
  const rows = entries.map((entry) => ({
    id: uuidv7(),
    householdId,
    accountId: account,
    kind: entry.kind,
    amountMinor: entry.amountMinor,
    currency,
    occurredOn: entry.occurredOn,
    description: entry.description ?? "",
    categoryId: builtInCategory(entry.category ?? (entry.kind === "income" ? "salary" : "other")).id,
    counterparty: entry.counterparty ?? null,
    shared: entry.shared ?? false,
    memberUserId: entry.memberUserId ?? null,
    createdBy: userId ?? null,
  }));
  await insertEntries(db(), rows);
  return rows;
}

/** Deterministic pseudo-random numbers (mulberry32), so a seed gives the same household every time. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => Math.round(min + next() * (max - min)),
    /** One of `items`; undefined only when there are none. */
    pick: <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)],
    chance: (probability: number) => next() < probability,
  };
}

const merchants: Record<string, string[]> = {
  groceries: ["Albert Heijn", "Lidl", "Aldi", "Jumbo", "Farmers market", "Bakery De Korenaar", "Organic shop"],
  transport: ["Train tickets", "Fuel", "Bike repair", "Bus card top-up", "Parking"],
  health: ["Pharmacy", "Dentist", "Physiotherapy", "Opticians"],
  leisure: ["Cinema", "Concert tickets", "Books", "Swimming pool", "Museum card", "Board game"],
  eatingOut: ["Pizza night", "Lunch with colleagues", "Sushi", "Coffee & cake", "Thai takeaway", "Birthday dinner"],
  education: ["Language course", "Online course", "School books"],
  children: ["School trip", "Kids' shoes", "Swimming lessons", "Toys", "Daycare snacks"],
  other: ["Gift for Mum", "Haircut", "Hardware store", "Post office", "Charity donation"],
  otherIncome: ["Sold old bike", "Tax refund", "Marketplace sale", "Birthday money"],
};

/**
 * Twelve (or any number of) months of a believable two-income household with one child: salaries, child benefit,
 * rent, utilities, weekly groceries, transport, eating out, savings transfers. Nothing after `today`.
 */
export function realisticEntries({
  months,
  today,
  seed = 42,
}: {
  months: number;
  today: IsoDate;
  seed?: number;
}): SeedEntry[] {
  const random = randomSource(seed);
  const entries: SeedEntry[] = [];
  const lastMonth = monthOf(today);
  for (const month of monthRange(addMonths(lastMonth, 1 - months), lastMonth)) {
    const day = (d: number): IsoDate => addDays(monthStart(month), Math.min(d, daysInMonth(month)) - 1);
    const add = (entry: SeedEntry) => {
      if (entry.occurredOn <= today) entries.push(entry);
    };
    add({
      kind: "income",
      category: "salary",
      amountMinor: 345_000 + random.between(-2_000, 4_000),
      occurredOn: day(25),
      description: "Salary Lotte",
    });
    add({
      kind: "income",
      category: "salary",
      amountMinor: 218_000 + random.between(0, 6_000),
      occurredOn: day(23),
      description: "Salary Daan",
    });
    add({
      kind: "income",
      category: "benefits",
      amountMinor: 27_950,
      occurredOn: day(10),
      description: "Child benefit",
    });
    if (random.chance(0.35))
      add({
        kind: "income",
        category: "otherIncome",
        amountMinor: random.between(2_000, 18_000),
        occurredOn: day(random.between(1, 28)),
        description: random.pick(merchants.otherIncome ?? []),
      });
    if (month.endsWith("-05"))
      add({
        kind: "income",
        category: "otherIncome",
        amountMinor: 152_300,
        occurredOn: day(20),
        description: "Holiday allowance",
      });

    add({ kind: "expense", category: "housing", amountMinor: 135_000, occurredOn: day(1), description: "Rent" });
    add({
      kind: "expense",
      category: "health",
      amountMinor: 27_690,
      occurredOn: day(1),
      description: "Health insurance",
    });
    add({
      kind: "expense",
      category: "utilities",
      amountMinor: 16_500 + random.between(-1_500, 3_500),
      occurredOn: day(5),
      description: "Energy",
    });
    add({ kind: "expense", category: "utilities", amountMinor: 4_999, occurredOn: day(12), description: "Internet" });
    add({
      kind: "expense",
      category: "utilities",
      amountMinor: 2_800,
      occurredOn: day(14),
      description: "Phone plans",
    });
    add({ kind: "expense", category: "leisure", amountMinor: 1_399, occurredOn: day(8), description: "Streaming" });
    add({ kind: "expense", category: "leisure", amountMinor: 3_900, occurredOn: day(2), description: "Gym" });
    add({
      kind: "expense",
      category: "transport",
      amountMinor: 9_900,
      occurredOn: day(3),
      description: "Monthly train pass",
    });
    add({
      kind: "expense",
      category: "savings",
      amountMinor: 40_000,
      occurredOn: day(26),
      description: "Transfer to savings",
    });
    add({
      kind: "expense",
      category: "children",
      amountMinor: 4_500,
      occurredOn: day(15),
      description: "Football club",
    });
    for (let week = 0; week < 5; week += 1) {
      const base = 1 + week * 7;
      for (let shop = 0; shop < 2; shop += 1) {
        add({
          kind: "expense",
          category: "groceries",
          amountMinor: random.between(1_800, 9_800),
          occurredOn: day(base + random.between(0, 6)),
          description: random.pick(merchants.groceries ?? []),
        });
      }
    }
    for (const [category, times, min, max] of [
      ["eatingOut", random.between(2, 5), 1_200, 7_500],
      ["transport", random.between(1, 3), 1_500, 6_500],
      ["leisure", random.between(1, 3), 1_000, 6_000],
      ["children", random.between(1, 3), 1_500, 6_000],
      ["other", random.between(1, 3), 800, 5_000],
      ["health", random.chance(0.4) ? 1 : 0, 900, 9_000],
      ["education", random.chance(0.25) ? 1 : 0, 2_500, 19_000],
    ] as const) {
      for (let index = 0; index < times; index += 1) {
        add({
          kind: "expense",
          category,
          amountMinor: random.between(min, max),
          occurredOn: day(random.between(1, 28)),
          description: random.pick(merchants[category] ?? []),
        });
      }
    }
  }
  return entries;
}

/** Shops whose names fill the bulk entries' bank text. */
const bulkShops = [
  "ALBERT HEIJN",
  "JUMBO",
  "LIDL",
  "ALDI",
  "REWE",
  "EDEKA",
  "CARREFOUR",
  "MERCADONA",
  "BIEDRONKA",
  "MIGROS",
  "NS GROEP",
  "SHELL",
  "BP",
  "KRUIDVAT",
  "ETOS",
  "HEMA",
  "ACTION",
  "IKEA",
  "BOL.COM",
  "ZALANDO",
  "THUISBEZORGD",
  "MCDONALDS",
  "STARBUCKS",
  "PATHE",
  "SPOTIFY",
  "NETFLIX",
  "VATTENFALL",
  "ENECO",
  "KPN",
  "ZIGGO",
];

/**
 * Many entries fast (benchmarks, pagination tests), through the one writer in statements of 5,000: `count` entries
 * spread evenly over the months from `from` to `to`, about one in six income, categories and amounts varied.
 * `sharedBetween` makes half the expenses shared, paid by either of the two members (a couple's household).
 */
export async function seedBulkTransactions({
  householdId,
  count,
  from,
  to,
  sharedBetween,
  splitEvery,
  bankText = false,
  accountIds,
}: {
  householdId: string;
  count: number;
  /** Entries go round these accounts (each in its own currency); absent: all to the Everyday account. */
  accountIds?: readonly string[];
  /** Give each entry a card payment's bank text (details), as an import would. */
  bankText?: boolean;
  from: MonthKey;
  to: MonthKey;
  sharedBetween?: readonly [string, string];
  /** Every `splitEvery`-th expense is split in two lines: 70 % in its category, the rest in "other". */
  splitEvery?: number;
}) {
  const start = monthStart(from);
  const days = Math.max(1, Math.round((Date.parse(monthStart(addMonths(to, 1))) - Date.parse(start)) / 86_400_000));
  const expenseIds = builtInCategories.filter((category) => category.kind === "expense").map((category) => category.id);
  const incomeIds = builtInCategories.filter((category) => category.kind === "income").map((category) => category.id);
  const everyday = await everydayAccountId(householdId);
  const accounts = accountIds?.length ? accountIds : [everyday];
  for (let first = 0; first < count; first += 5000) {
    const entries: NewEntry[] = [];
    for (let n = first; n < Math.min(count, first + 5000); n += 1) {
      const income = n % 6 === 0;
      const amountMinor = income ? 150_000 + ((n * 7919) % 250_000) : 150 + ((n * 104_729) % 15_000);
      const categoryId = (income ? incomeIds[n % incomeIds.length] : expenseIds[n % expenseIds.length]) ?? "";
      const split = !income && splitEvery !== undefined && n % splitEvery === 1;
      const kept = Math.round(amountMinor * 0.7);
      entries.push({
        householdId,
        accountId: accounts[n % accounts.length] ?? everyday,
        kind: income ? "income" : "expense",
        amountMinor,
        occurredOn: addDays(start, Math.floor((n * days) / count)),
        description: `Entry ${n}`,
        // The bank's words, as a card payment's: what search across months reads (bench:data times it).
        details: !bankText
          ? ""
          : `${bulkShops[n % bulkShops.length]} ${1000 + (n % 397)} Pasvolgnr: 002 Transactie: ${n.toString(36).toUpperCase()}`,
        categoryId,
        createdBy: null,
        shared: sharedBetween ? !income && n % 4 < 2 : false,
        memberUserId: sharedBetween ? sharedBetween[n % 3 === 0 ? 0 : 1] : null,
        lines: split
          ? [
              { categoryId, amountMinor: kept },
              { categoryId: builtInCategory("other").id, amountMinor: amountMinor - kept },
            ]
          : undefined,
      });
    }
    await insertEntries(db(), entries);
  }
}

export async function seedGoal({
  householdId,
  name,
  targetMinor,
  savedMinor = 0,
  deadline = null,
  occurredOn,
}: {
  householdId: string;
  name: string;
  targetMinor: number;
  savedMinor?: number;
  deadline?: IsoDate | null;
  occurredOn?: IsoDate;
}) {
  const [created] = await db()
    .insert(goal)
    .values({
      householdId,
      name,
      targetMinor,
      savedMinor,
      deadline,
      reachedAt: savedMinor >= targetMinor ? new Date() : null,
    })
    .returning();
  if (!created) throw new Error("goal insert returned nothing");
  if (savedMinor > 0)
    await db()
      .insert(goalContribution)
      .values({
        goalId: created.id,
        amountMinor: savedMinor,
        occurredOn: occurredOn ?? new Date().toISOString().slice(0, 10),
      });
  return created;
}
