import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory, defaultCategoryId } from "~/domain/categories";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { getDashboard } from "./dashboard.server";
import { hiddenPersonalSpending } from "./personal-totals.server";
import { db } from "~/db/client.server";
import { transaction } from "~/db/schema/entries";
import { listAccountActivity } from "~/features/money-accounts/transfers.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { versionOf } from "~/features/platform/row-version.server";
import { decideImportRows, suggestForEntry } from "~/features/rules/rule-evaluation.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { eq } from "drizzle-orm";
import { deleteTransaction, getTransaction, listTransactions, updateTransaction } from "./transactions.server";

useTestDatabase();

const month = "2025-03";
const health = builtInCategory("health").id;
const groceries = builtInCategory("groceries").id;

/**
 * Pieter owns the household, Sanne is his partner who only looks (privacy is about her own data, not her rights).
 * Sanne's personal health expenses are the ones she may keep to category totals; one of them names nobody as payer,
 * so it is hers because she entered it.
 */
async function couple() {
  const { owner, household } = await seedHousehold({ name: "Pieter" });
  await seedPremium(household.id);
  const partner = await seedUser({ name: "Sanne" });
  await addPartner({ householdId: household.id, userId: partner.id });
  const householdId = household.id;
  const [pieterGroceries, pieterSalary, rent] = await seedTransactions({
    householdId,
    userId: owner.id,
    entries: [
      {
        kind: "expense",
        category: "groceries",
        amountMinor: 4_210,
        occurredOn: "2025-03-04",
        description: "Albert Heijn",
        memberUserId: owner.id,
      },
      {
        kind: "income",
        category: "salary",
        amountMinor: 300_000,
        occurredOn: "2025-03-25",
        description: "Salary Pieter",
        memberUserId: owner.id,
      },
      {
        kind: "expense",
        category: "housing",
        amountMinor: 120_000,
        occurredOn: "2025-03-01",
        description: "Rent",
        shared: true,
        memberUserId: owner.id,
      },
    ],
  });
  const [therapist, pharmacy, market, sanneSalary] = await seedTransactions({
    householdId,
    userId: partner.id,
    entries: [
      {
        kind: "expense",
        category: "health",
        amountMinor: 7_013,
        occurredOn: "2025-03-12",
        description: "Therapist Mirjam",
        memberUserId: partner.id,
      },
      {
        kind: "expense",
        category: "health",
        amountMinor: 2_029,
        occurredOn: "2025-03-14",
        description: "Pharmacy at night",
      },
      {
        kind: "expense",
        category: "groceries",
        amountMinor: 3_150,
        occurredOn: "2025-03-15",
        description: "Market together",
        shared: true,
        memberUserId: partner.id,
      },
      {
        kind: "income",
        category: "salary",
        amountMinor: 250_000,
        occurredOn: "2025-03-25",
        description: "Salary Sanne",
        memberUserId: partner.id,
      },
    ],
  });
  const rows = { pieterGroceries, pieterSalary, rent, therapist, pharmacy, market, sanneSalary };
  const ids = Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, row?.id as string])) as Record<
    keyof typeof rows,
    string
  >;
  return { owner, partner, householdId, ids };
}

const descriptions = (items: { description: string }[]) => items.map((item) => item.description).sort();

describe("privacy of personal spending", () => {
  it("with Sanne keeping hers to totals, Pieter's expenses list, search and entry page never carry her personal expenses, but the totals do", async () => {
    const { owner, partner, householdId, ids } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    const asPieter = { userId: owner.id, householdId, month };

    const page = await listTransactions({ ...asPieter, kind: "expense" });
    expect(descriptions(page.items)).toEqual(["Albert Heijn", "Market together", "Rent"]);
    // The month's total stays whole: it is a sum of category totals.
    expect(page.totals.totalMinor).toBe(4_210 + 120_000 + 7_013 + 2_029 + 3_150);
    // How many entries is not a total: it counts the three he sees, not her two visits to the therapist and pharmacy.
    expect(page.totals.entries).toBe(3);
    expect((await listTransactions({ ...asPieter, kind: "expense", memberUserId: partner.id })).totals).toEqual({
      totalMinor: 7_013 + 2_029 + 3_150,
      entries: 1,
    });
    // A search sums only what it may show: a match among hidden rows would tell what they say.
    const searched = await listTransactions({ ...asPieter, kind: "expense", search: "therapist" });
    expect(searched.items).toEqual([]);
    expect(searched.totals).toEqual({ totalMinor: 0, entries: 0 });
    const byCategory = await listTransactions({ ...asPieter, kind: "expense", categoryId: health });
    expect(byCategory.items).toEqual([]);
    expect(byCategory.totals.totalMinor).toBe(7_013 + 2_029);
    expect(byCategory.totals.entries).toBe(0);

    // The entry's own page: not found, exactly like a stranger's id.
    await expect(getTransaction({ ...asPieter, transactionId: ids.therapist })).rejects.toMatchObject({
      code: "notFound",
    });
    await expect(getTransaction({ ...asPieter, transactionId: ids.pharmacy })).rejects.toMatchObject({
      code: "notFound",
    });
    // Shared expenses and income stay visible row by row.
    await expect(getTransaction({ ...asPieter, transactionId: ids.market })).resolves.toMatchObject({
      description: "Market together",
    });
    await expect(getTransaction({ ...asPieter, transactionId: ids.sanneSalary })).resolves.toMatchObject({
      description: "Salary Sanne",
    });
    expect(descriptions((await listTransactions({ ...asPieter, kind: "income" })).items)).toEqual([
      "Salary Pieter",
      "Salary Sanne",
    ]);

    // In their place: Sanne's month per category, in one block.
    expect(await hiddenPersonalSpending({ access: page.access, month })).toEqual([
      { memberUserId: partner.id, totalMinor: 9_042, categories: [{ categoryId: health, totalMinor: 9_042 }] },
    ]);
    // Sanne herself sees everything of hers, and nothing is hidden from her.
    const sannes = await listTransactions({ userId: partner.id, householdId, month, kind: "expense" });
    expect(descriptions(sannes.items)).toEqual([
      "Albert Heijn",
      "Market together",
      "Pharmacy at night",
      "Rent",
      "Therapist Mirjam",
    ]);
    expect(await hiddenPersonalSpending({ access: sannes.access, month })).toEqual([]);
    await expect(
      getTransaction({ userId: partner.id, householdId, transactionId: ids.therapist }),
    ).resolves.toMatchObject({ amountMinor: 7_013 });
  });

  it("the dashboard's latest entries leave her personal expenses out while its cards and categories count them", async () => {
    const { owner, partner, householdId } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    const dashboard = await getDashboard({
      userId: owner.id,
      householdId,
      month,
      period: "monthly",
      today: "2025-03-28",
    });
    expect(descriptions(dashboard.recent)).not.toContain("Therapist Mirjam");
    expect(descriptions(dashboard.recent)).not.toContain("Pharmacy at night");
    expect(dashboard.recent.map((entry) => entry.amountMinor)).not.toContain(7_013);
    expect(descriptions(dashboard.recent)).toContain("Market together");
    expect(dashboard.summary.expenses.value).toBe(4_210 + 120_000 + 9_042 + 3_150);
    expect(dashboard.categories.find((item) => item.categoryId === health)?.totalMinor).toBe(9_042);
    // Sanne's view of Pieter's dashboard: the same, and her hidden expenses are still counted in her figures.
    const hers = await getDashboard({
      userId: owner.id,
      householdId,
      month,
      period: "monthly",
      today: "2025-03-28",
      memberUserId: partner.id,
    });
    expect(hers.summary.expenses.value).toBe(9_042 + 3_150);
    expect(descriptions(hers.recent)).toEqual(["Market together", "Salary Sanne"]);
  });

  it("switching back to entry by entry shows them again, on the next read", async () => {
    const { owner, partner, householdId, ids } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    await expect(getTransaction({ userId: owner.id, householdId, transactionId: ids.therapist })).rejects.toMatchObject(
      { code: "notFound" },
    );
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: true });
    await expect(
      getTransaction({ userId: owner.id, householdId, transactionId: ids.therapist }),
    ).resolves.toMatchObject({ description: "Therapist Mirjam" });
    const page = await listTransactions({ userId: owner.id, householdId, month, kind: "expense" });
    expect(descriptions(page.items)).toContain("Pharmacy at night");
    expect(await hiddenPersonalSpending({ access: page.access, month })).toEqual([]);
  });

  it("only changes the caller's own membership: Pieter hiding his does not hide Sanne's", async () => {
    const { owner, partner, householdId } = await couple();
    await setPersonalPrivacy({ userId: owner.id, householdId, personalInDetail: false });
    const sannes = await listTransactions({ userId: partner.id, householdId, month, kind: "expense" });
    expect(descriptions(sannes.items)).toEqual(["Market together", "Pharmacy at night", "Rent", "Therapist Mirjam"]);
    const pieters = await listTransactions({ userId: owner.id, householdId, month, kind: "expense" });
    expect(descriptions(pieters.items)).toHaveLength(5);
  });

  it("an entry nobody is known to own (no payer, no author) stays listed when a member hides theirs", async () => {
    const { owner, partner, householdId } = await couple();
    await seedTransactions({
      householdId,
      entries: [
        { kind: "expense", category: "other", amountMinor: 999, occurredOn: "2025-03-20", description: "Bank fee" },
      ],
    });
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    expect(
      descriptions((await listTransactions({ userId: owner.id, householdId, month, kind: "expense" })).items),
    ).toContain("Bank fee");
  });

  it("nor do an account's activity, the typing suggestion, or a write by id with the entry's version", async () => {
    const { owner, partner, householdId, ids } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    const accountId = await everydayAccountId(householdId);
    const activity = await listAccountActivity({ userId: owner.id, householdId, accountId });
    expect(descriptions(activity.items)).not.toContain("Therapist Mirjam");
    expect(descriptions(activity.items)).toContain("Market together");
    // Typing her counterparty's name suggests nothing learned from her hidden entries.
    expect(
      await suggestForEntry({
        userId: owner.id,
        householdId,
        kind: "expense",
        description: "Therapist Mirjam",
        amountMinor: null,
      }),
    ).toBeNull();
    // Even with the right version, the hidden entry is "gone" to Pieter and stays as it was.
    const [version] = await db()
      .select({ v: versionOf(transaction.updatedAt) })
      .from(transaction)
      .where(eq(transaction.id, ids.therapist));
    const fields = {
      kind: "expense" as const,
      amountMinor: 1,
      occurredOn: "2025-03-12",
      description: "Seen",
      categoryId: health,
    };
    expect(
      await updateTransaction({
        userId: owner.id,
        householdId,
        transactionId: ids.therapist,
        version: version?.v,
        fields,
      }),
    ).toEqual({ conflict: "gone" });
    expect(
      await deleteTransaction({ userId: owner.id, householdId, transactionId: ids.therapist, version: version?.v }),
    ).toEqual({ conflict: "gone" });
    await expect(
      getTransaction({ userId: partner.id, householdId, transactionId: ids.therapist }),
    ).resolves.toMatchObject({ amountMinor: 7_013 });
  });

  it("an import does not guess a category from her hidden entries, and does once she shows them", async () => {
    const { owner, partner, householdId } = await couple();
    await seedTransactions({
      householdId,
      userId: partner.id,
      entries: [
        {
          kind: "expense",
          category: "health",
          amountMinor: 6_500,
          occurredOn: "2025-03-20",
          description: "Session",
          counterparty: "Praktijk Mirjam",
          memberUserId: partner.id,
        },
      ],
    });
    const statementRow = { amountMinor: -6_500, description: "Session", counterparty: "PRAKTIJK MIRJAM" };
    const decide = async () => {
      const access = await requireHouseholdAccess({ userId: owner.id, householdId, write: true });
      const [decision] = await decideImportRows({
        executor: db(),
        access,
        accountId: await everydayAccountId(householdId),
        rows: [statementRow],
      });
      return decision && { categoryId: decision.categoryId, source: decision.categorySource };
    };
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    expect(await decide()).toEqual({ categoryId: defaultCategoryId("expense"), source: "default" });
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: true });
    expect(await decide()).toEqual({ categoryId: health, source: "learned" });
  });

  it("a stranger cannot set a household's privacy", async () => {
    const { householdId } = await couple();
    const stranger = await seedUser();
    await expect(
      setPersonalPrivacy({ userId: stranger.id, householdId, personalInDetail: false }),
    ).rejects.toMatchObject({ code: "notFound" });
  });
});

describe("member views", () => {
  it("Mine and Sanne's lists and totals split the household's month exactly", async () => {
    const { owner, partner, householdId } = await couple();
    const asPieter = { userId: owner.id, householdId, month };
    for (const kind of ["expense", "income"] as const) {
      const ours = await listTransactions({ ...asPieter, kind });
      const mine = await listTransactions({ ...asPieter, kind, memberUserId: owner.id });
      const hers = await listTransactions({ ...asPieter, kind, memberUserId: partner.id });
      expect(mine.totals.totalMinor + hers.totals.totalMinor).toBe(ours.totals.totalMinor);
      expect(mine.totals.entries + hers.totals.entries).toBe(ours.totals.entries);
      expect([...descriptions(mine.items), ...descriptions(hers.items)].sort()).toEqual(descriptions(ours.items));
    }
    // Mine: my income, my personal expenses and the shared ones I paid.
    expect(
      descriptions((await listTransactions({ ...asPieter, kind: "expense", memberUserId: owner.id })).items),
    ).toEqual(["Albert Heijn", "Rent"]);
    // An entry that names nobody as payer belongs to whoever entered it.
    expect(
      descriptions((await listTransactions({ ...asPieter, kind: "expense", memberUserId: partner.id })).items),
    ).toContain("Pharmacy at night");
  });

  it("Sanne's view shows her shared expenses row by row and her hidden personal ones as her category totals", async () => {
    const { owner, partner, householdId } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    const hers = await listTransactions({
      userId: owner.id,
      householdId,
      month,
      kind: "expense",
      memberUserId: partner.id,
    });
    expect(descriptions(hers.items)).toEqual(["Market together"]);
    expect(hers.totals.totalMinor).toBe(9_042 + 3_150);
    expect(await hiddenPersonalSpending({ access: hers.access, month, memberUserId: partner.id })).toEqual([
      { memberUserId: partner.id, totalMinor: 9_042, categories: [{ categoryId: health, totalMinor: 9_042 }] },
    ]);
    // Pieter's own view has nothing of hers to hide; a category filter keeps the block to that category.
    expect(await hiddenPersonalSpending({ access: hers.access, month, memberUserId: owner.id })).toEqual([]);
    expect(await hiddenPersonalSpending({ access: hers.access, month, categoryId: groceries })).toEqual([]);
  });

  it("the dashboard's cards, categories and charts follow the view, and the views add up to the household's", async () => {
    const { owner, partner, householdId } = await couple();
    for (const period of ["monthly", "weekly", "yearly"] as const) {
      const base = { userId: owner.id, householdId, month, period, today: "2025-03-28" };
      const ours = await getDashboard(base);
      const mine = await getDashboard({ ...base, memberUserId: owner.id });
      const hers = await getDashboard({ ...base, memberUserId: partner.id });
      expect(mine.summary.income.value + hers.summary.income.value).toBe(ours.summary.income.value);
      expect(mine.summary.expenses.value + hers.summary.expenses.value).toBe(ours.summary.expenses.value);
      for (const [index, point] of ours.chart.entries()) {
        expect((mine.chart[index]?.incomeMinor ?? 0) + (hers.chart[index]?.incomeMinor ?? 0)).toBe(point.incomeMinor);
        expect((mine.chart[index]?.expenseMinor ?? 0) + (hers.chart[index]?.expenseMinor ?? 0)).toBe(
          point.expenseMinor,
        );
      }
    }
    const mine = await getDashboard({
      userId: owner.id,
      householdId,
      month,
      period: "monthly",
      today: "2025-03-28",
      memberUserId: owner.id,
    });
    expect(mine.summary.income.value).toBe(300_000);
    expect(mine.summary.expenses.value).toBe(4_210 + 120_000);
    expect(mine.categories.map((item) => item.categoryId)).toEqual([builtInCategory("housing").id, groceries]);
    expect(descriptions(mine.recent)).toEqual(["Albert Heijn", "Rent", "Salary Pieter"]);
  });
});
