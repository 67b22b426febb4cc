import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { signInWithPassword } from "~/features/auth/account.server";
import { getOptionalUser } from "~/features/auth/session.server";
import { setCategorySharing } from "~/features/entries/categories.server";
import { memoryOutboxFor } from "~/features/mail/mailer.server";
import {
  addPartner,
  seedBulkTransactions,
  seedGoal,
  seedHousehold,
  seedTransactions,
  seedUser,
} from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { listUserHouseholds, requireHouseholdAccess } from "~/features/household/households.server";
import { createCustomCategory } from "~/features/custom-categories/custom-categories.server";
import { invitePartner } from "~/features/sharing/invitations.server";
import { countUserTraces, deleteAccount } from "./delete-account.server";
import { exportMyData } from "./export-data.server";
import { markMonthSettled } from "~/features/sharing/settle-up.server";
import { choosePersonalPrivacy } from "~/features/household/personal-privacy.server";
import { db } from "~/db/client.server";
import { budgetLimit } from "~/db/schema/budgets";
import { recurring } from "~/db/schema/recurring";
import { rule } from "~/db/schema/rules";
import { builtInCategory } from "~/domain/categories";
import { learnedRule } from "~/domain/rules/rule-engine";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { createImportDraft } from "~/features/statement-import/statement-import.server";
import { insertEntries } from "~/features/entries/entry-writer.server";
import { renamePayee } from "~/features/entries/payees.server";
import { payee } from "~/db/schema/entries";
import { eq } from "drizzle-orm";
import { rateLimit } from "~/db/schema/auth";
import { mailOutbox } from "~/db/schema/mail";
import { emailKey } from "~/features/auth/rate-limit.server";
import { queueMail } from "~/features/mail/retry-queue.server";

useTestDatabase();

const origin = "http://localhost:3000";
const password = "a long and quiet river";

async function readJson(stream: ReadableStream<Uint8Array>): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** Signs in through the real sign-in use case and returns the Cookie header a browser would send. */
async function signIn(email: string): Promise<string> {
  const result = await signInWithPassword({
    request: new Request(`${origin}/auth`, { method: "POST" }),
    email,
    password,
  });
  if (!result.ok) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return result.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

describe("download all my data", () => {
  it("is one valid JSON document with the profile, every owned household with its entries, goals, categories and members", async () => {
    const { owner, household } = await seedHousehold({ name: "Ada", password, householdName: "Home" });
    await seedPremium(household.id);
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "expense", amountMinor: 1234, occurredOn: "2026-11-02", description: 'Quote " and \\ backslash' },
      ],
    });
    await seedGoal({
      householdId: household.id,
      name: "Buffer",
      targetMinor: 100000,
      savedMinor: 2500,
      occurredOn: "2026-11-01",
    });
    await createCustomCategory({
      userId: owner.id,
      householdId: household.id,
      kind: "expense",
      fields: { name: "Pets", color: "#2f7d5b", icon: "shapes" },
    });
    const partner = await seedUser({ name: "Bo" });
    await addPartner({ householdId: household.id, userId: partner.id });
    const leisure = builtInCategory("leisure").id;
    await setCategorySharing({
      userId: owner.id,
      householdId: household.id,
      choices: [{ categoryId: leisure, sharing: "shared" }],
    });
    const other = await seedHousehold({ householdName: "Their budget" });
    await seedPremium(other.household.id);
    await addPartner({ householdId: other.household.id, userId: owner.id });

    const { fileName, stream } = await exportMyData({ userId: owner.id, now: new Date("2026-11-22T10:00:00Z") });
    expect(fileName).toBe("samen-data-2026-11-22.json");
    const data = (await readJson(stream)) as Record<string, unknown> & { households: Record<string, unknown>[] };
    expect(data).toMatchObject({
      format: "samen-data-export/1",
      user: { email: owner.email, name: "Ada" },
      partnerIn: [{ name: "Their budget" }],
    });
    expect(data.households).toHaveLength(1);
    expect(data.households[0]).toMatchObject({
      name: "Home",
      subscription: { plan: "premium" },
      members: expect.arrayContaining([expect.objectContaining({ name: "Bo", role: "partner" })]),
      customCategories: [expect.objectContaining({ name: "Pets" })],
      categorySharing: [{ categoryId: leisure, sharing: "shared" }],
      goals: [
        expect.objectContaining({
          name: "Buffer",
          savedMinor: 2500,
          followsAccountId: null,
          contributions: [expect.objectContaining({ amountMinor: 2500 })],
        }),
      ],
      transactions: [
        expect.objectContaining({
          amountMinor: 1234,
          description: 'Quote " and \\ backslash',
          occurredOn: "2026-11-02",
        }),
      ],
    });
    // Of another person's budget only my membership is listed: none of its contents, nor its owner.
    expect(data.households.map((item) => item.id)).toEqual([household.id]);
    expect(JSON.stringify(data)).not.toContain(other.owner.email);
  });

  it("streams thousands of entries across batches and still parses, also for a user with no entries", async () => {
    const { owner, household } = await seedHousehold();
    await seedBulkTransactions({ householdId: household.id, count: 2345, from: "2025-01", to: "2025-12" });
    const data = (await readJson((await exportMyData({ userId: owner.id })).stream)) as {
      households: { transactions: unknown[] }[];
    };
    expect(data.households[0]?.transactions).toHaveLength(2345);

    const empty = await seedHousehold();
    const nothing = (await readJson((await exportMyData({ userId: empty.owner.id })).stream)) as {
      households: { transactions: unknown[] }[];
    };
    expect(nothing.households[0]?.transactions).toEqual([]);
  });
});

describe("export my data in a household of two", () => {
  it("says whether each entry is shared and whose it is, lists the settlements, and leaves out a partner's hidden personal expenses", async () => {
    const { owner, household } = await seedHousehold({ name: "Sanne", householdName: "Home" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    await seedTransactions({
      householdId: household.id,
      userId: owner.id,
      entries: [
        { kind: "expense", amountMinor: 100_00, occurredOn: "2026-03-05", description: "Weekly shop", shared: true },
      ],
    });
    await seedTransactions({
      householdId: household.id,
      userId: partner.id,
      entries: [
        { kind: "expense", amountMinor: 20_00, occurredOn: "2026-03-06", description: "Dinner out", shared: true },
        { kind: "expense", amountMinor: 80_00, occurredOn: "2026-03-07", description: "Secret gift" },
      ],
    });
    await choosePersonalPrivacy({ householdId: household.id, userId: partner.id, personalInDetail: false });
    expect(await markMonthSettled({ userId: owner.id, householdId: household.id, month: "2026-03" })).toMatchObject({
      ok: true,
    });

    const text = await new Response((await exportMyData({ userId: owner.id })).stream).text();
    expect(text).not.toContain("Secret gift");
    const data = JSON.parse(text) as {
      households: { transactions: Record<string, unknown>[]; settlements: Record<string, unknown>[] }[];
    };
    const home = data.households[0];
    expect(
      home?.transactions.map((entry) => [entry.description, entry.shared, entry.memberUserId, entry.memberName]),
    ).toEqual([
      ["Weekly shop", true, owner.id, "Sanne"],
      ["Dinner out", true, partner.id, "Pieter"],
    ]);
    expect(home?.settlements).toEqual([
      expect.objectContaining({
        month: "2026-03",
        fromUserId: partner.id,
        fromName: "Pieter",
        toUserId: owner.id,
        toName: "Sanne",
        amountMinor: 40_00,
        currency: "EUR",
        shareMethod: "equal",
      }),
    ]);
  });
});

describe("export my data: entries' lines", () => {
  it("carries each entry's lines in order, and leaves out a partner's hidden personal line inside a shared entry", async () => {
    const { owner, household } = await seedHousehold({ name: "Sanne", householdName: "Home" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const groceries = builtInCategory("groceries").id;
    const health = builtInCategory("health").id;
    const accountId = await everydayAccountId(household.id);
    const entry = {
      householdId: household.id,
      accountId,
      kind: "expense" as const,
      currency: "EUR",
      occurredOn: "2026-03-10",
      categoryId: groceries,
      shared: true,
    };
    await insertEntries(db(), [
      { ...entry, amountMinor: 12_50, description: "Bakery", createdBy: owner.id },
      {
        ...entry,
        amountMinor: 100_00,
        description: "Supermarket",
        createdBy: partner.id,
        lines: [
          { categoryId: groceries, amountMinor: 70_00, shared: true, note: "Food" },
          { categoryId: health, amountMinor: 30_00, shared: false, note: "Vitamins for Pieter" },
        ],
      },
      {
        ...entry,
        occurredOn: "2026-03-11",
        amountMinor: 40_00,
        description: "Chemist",
        createdBy: owner.id,
        lines: [
          { categoryId: health, amountMinor: 15_00, shared: false, note: "Sunscreen" },
          { categoryId: groceries, amountMinor: 25_00, shared: true, note: "" },
        ],
      },
    ]);
    type Exported = { households: { transactions: Record<string, unknown>[] }[] };
    const exported = async () =>
      JSON.parse(await new Response((await exportMyData({ userId: owner.id })).stream).text()) as Exported;
    const byDescription = (data: Exported) =>
      Object.fromEntries((data.households[0]?.transactions ?? []).map((item) => [item.description, item]));

    // Nobody hides anything: every line, in order, with its category, amount, currency, sharing, member and note.
    const open = byDescription(await exported());
    expect(open.Bakery).toMatchObject({
      amountMinor: 12_50,
      lines: [
        {
          categoryId: groceries,
          amountMinor: 12_50,
          currency: "EUR",
          shared: true,
          memberUserId: owner.id,
          memberName: "Sanne",
          note: "",
        },
      ],
    });
    expect(open.Supermarket).toMatchObject({
      amountMinor: 100_00,
      categoryId: groceries,
      lines: [
        {
          categoryId: groceries,
          amountMinor: 70_00,
          currency: "EUR",
          shared: true,
          memberUserId: partner.id,
          note: "Food",
        },
        {
          categoryId: health,
          amountMinor: 30_00,
          currency: "EUR",
          shared: false,
          memberUserId: partner.id,
          memberName: "Pieter",
          note: "Vitamins for Pieter",
        },
      ],
    });
    expect(open.Chemist).toMatchObject({
      amountMinor: 40_00,
      lines: [
        { categoryId: health, amountMinor: 15_00, shared: false, memberUserId: owner.id, note: "Sunscreen" },
        { categoryId: groceries, amountMinor: 25_00, shared: true },
      ],
    });

    // Pieter shows his personal spending only as totals: his personal line leaves the owner's file, amount and all.
    await choosePersonalPrivacy({ householdId: household.id, userId: partner.id, personalInDetail: false });
    const text = await new Response((await exportMyData({ userId: owner.id })).stream).text();
    expect(text).not.toContain("Vitamins");
    expect(text).not.toContain('"amountMinor":3000');
    expect(text).not.toContain('"amountMinor":10000');
    // Nor through the base amount (issue 44, finding 2): it is what the shown lines make too.
    expect(text).not.toContain('"baseAmountMinor":10000');
    expect(text).not.toContain('"baseAmountMinor":3000');
    const hidden = byDescription(JSON.parse(text) as Exported);
    expect(hidden.Supermarket).toMatchObject({
      amountMinor: 70_00,
      baseAmountMinor: 70_00,
      categoryId: groceries,
      shared: true,
      lines: [{ categoryId: groceries, amountMinor: 70_00, shared: true, note: "Food" }],
    });
    expect(hidden.Supermarket?.lines).toHaveLength(1);
    // The owner's own personal line stays in her own file.
    expect(hidden.Chemist).toMatchObject({
      amountMinor: 40_00,
      lines: [{ note: "Sunscreen" }, { amountMinor: 25_00 }],
    });
  });
});

describe("export my data: households I joined", () => {
  it("holds what a partner typed or owns there (entries, their lines, privacy choice, payee renames), never another member's hidden entries", async () => {
    const { owner, household } = await seedHousehold({ name: "Sanne", householdName: "Sanne's home" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const groceries = builtInCategory("groceries").id;
    const health = builtInCategory("health").id;
    const accountId = await everydayAccountId(household.id);
    const entry = {
      householdId: household.id,
      accountId,
      kind: "expense" as const,
      currency: "EUR",
      occurredOn: "2026-03-10",
      categoryId: groceries,
    };
    await insertEntries(db(), [
      // Typed by Pieter, one of them split, and paid to a payee he renames below.
      {
        ...entry,
        amountMinor: 42_00,
        description: "",
        payee: { key: "bakker bart", name: "Bakker Bart" },
        createdBy: partner.id,
        shared: true,
      },
      {
        ...entry,
        amountMinor: 30_00,
        description: "Pieter's split shop",
        createdBy: partner.id,
        shared: true,
        lines: [
          { categoryId: groceries, amountMinor: 20_00, shared: true, note: "Bread" },
          { categoryId: health, amountMinor: 10_00, shared: false, note: "Plasters" },
        ],
      },
      // Typed by Sanne, but Pieter's: his salary she entered, his own line in her receipt.
      {
        ...entry,
        kind: "income",
        amountMinor: 2500_00,
        description: "Pieter's salary",
        createdBy: owner.id,
        memberUserId: partner.id,
        categoryId: builtInCategory("salary").id,
      },
      {
        ...entry,
        amountMinor: 50_00,
        description: "Sanne's receipt",
        createdBy: owner.id,
        shared: true,
        lines: [
          { categoryId: groceries, amountMinor: 35_00, shared: true, note: "" },
          {
            categoryId: health,
            amountMinor: 15_00,
            shared: false,
            memberUserId: partner.id,
            note: "Pieter's vitamins",
          },
        ],
      },
      // Sanne's own, shown to Pieter, and her personal ones she hides from him.
      { ...entry, amountMinor: 9_00, description: "Sanne's coffee", createdBy: owner.id, shared: true },
      {
        ...entry,
        amountMinor: 77_00,
        description: "",
        payee: { key: "dr jansen", name: "Dr Jansen psychiatrist" },
        createdBy: owner.id,
        shared: false,
      },
      // Even with a line of his inside, her hidden entry stays hers alone.
      {
        ...entry,
        amountMinor: 61_00,
        description: "Sanne's secret",
        createdBy: owner.id,
        shared: false,
        lines: [
          { categoryId: health, amountMinor: 60_00, shared: false, note: "" },
          { categoryId: health, amountMinor: 1_00, shared: false, memberUserId: partner.id, note: "" },
        ],
      },
    ]);
    await choosePersonalPrivacy({ householdId: household.id, userId: owner.id, personalInDetail: false });
    await choosePersonalPrivacy({ householdId: household.id, userId: partner.id, personalInDetail: false });
    const [bakker] = await db().select({ id: payee.id }).from(payee).where(eq(payee.key, "bakker bart"));
    expect(
      await renamePayee({
        userId: partner.id,
        householdId: household.id,
        payeeId: bakker?.id ?? "",
        name: "Bart's bakery",
      }),
    ).toMatchObject({ ok: true });

    const text = await new Response((await exportMyData({ userId: partner.id })).stream).text();
    const data = JSON.parse(text) as {
      households: { id: string }[];
      partnerIn: ({ transactions: Record<string, unknown>[] } & Record<string, unknown>)[];
    };
    expect(data.households.map((item) => item.id)).not.toContain(household.id);
    expect(data.partnerIn).toHaveLength(1);
    const joined = data.partnerIn[0];
    expect(joined).toMatchObject({
      householdId: household.id,
      name: "Sanne's home",
      role: "partner",
      canEdit: true,
      personalInDetail: false,
      payees: [expect.objectContaining({ id: bakker?.id, name: "Bart's bakery" })],
    });
    const byTitle = Object.fromEntries(
      (joined?.transactions ?? []).map((item) => [item.description || item.payee, item]),
    );
    expect(Object.keys(byTitle).sort()).toEqual(
      ["Bart's bakery", "Pieter's salary", "Pieter's split shop", "Sanne's receipt"].sort(),
    );
    expect(byTitle["Pieter's split shop"]).toMatchObject({
      amountMinor: 30_00,
      memberUserId: partner.id,
      lines: [
        { note: "Bread", amountMinor: 20_00 },
        { note: "Plasters", amountMinor: 10_00, shared: false },
      ],
    });
    expect(byTitle["Pieter's salary"]).toMatchObject({
      kind: "income",
      amountMinor: 2500_00,
      memberUserId: partner.id,
    });
    expect(byTitle["Sanne's receipt"]).toMatchObject({
      lines: [{ amountMinor: 35_00 }, { note: "Pieter's vitamins", memberUserId: partner.id }],
    });
    // What only Sanne typed, and above all what she hides, is not in his file; nor her address.
    expect(text).not.toContain("Sanne's coffee");
    expect(text).not.toContain("Sanne's secret");
    expect(text).not.toContain("Jansen");
    expect(text).not.toContain('"amountMinor":7700');
    expect(text).not.toContain('"amountMinor":6100');
    expect(text).not.toContain(owner.email);
  });
});

describe("delete my account", () => {
  it("needs the right password; a wrong one changes nothing and attempts are limited", async () => {
    const { owner } = await seedHousehold({ password });
    expect(await deleteAccount({ userId: owner.id, password: "" })).toEqual({ ok: false, error: "passwordRequired" });
    expect(await deleteAccount({ userId: owner.id, password: "not it at all" })).toEqual({
      ok: false,
      error: "wrongPassword",
    });
    expect(await countUserTraces({ userId: owner.id, email: owner.email })).toBeGreaterThan(0);
    for (let attempt = 0; attempt < 4; attempt++) await deleteAccount({ userId: owner.id, password: "still wrong" });
    expect(await deleteAccount({ userId: owner.id, password })).toEqual({
      ok: false,
      error: "tooManyAttempts",
      retryAfterSeconds: expect.any(Number),
    });
  });

  it("ends every session, deletes owned households and everything in them, leaves joined ones, and mails a confirmation", async () => {
    const { owner, household } = await seedHousehold({
      email: "leaving@example.com",
      name: "Lea",
      password,
      locale: "fr",
    });
    await seedPremium(household.id);
    await seedTransactions({
      householdId: household.id,
      userId: owner.id,
      entries: [{ kind: "income", amountMinor: 5000, occurredOn: "2026-11-01" }],
    });
    await seedGoal({
      householdId: household.id,
      name: "Trip",
      targetMinor: 9000,
      savedMinor: 100,
      occurredOn: "2026-11-01",
    });
    await invitePartner({ userId: owner.id, householdId: household.id, email: "friend@example.com", language: "en" });
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    // Lea is also a partner in a friend's budget, and has a pending invitation to a third one.
    const friend = await seedHousehold({ householdName: "Friend" });
    await seedPremium(friend.household.id);
    await addPartner({ householdId: friend.household.id, userId: owner.id });
    const third = await seedHousehold();
    await seedPremium(third.household.id);
    await invitePartner({
      userId: third.owner.id,
      householdId: third.household.id,
      email: "leaving@example.com",
      language: "en",
    });

    const cookies = [await signIn(owner.email), await signIn(owner.email)];
    for (const cookie of cookies)
      expect(await getOptionalUser(new Request(`${origin}/app`, { headers: { cookie } }))).toMatchObject({
        id: owner.id,
      });

    expect(await deleteAccount({ userId: owner.id, password })).toEqual({ ok: true, email: owner.email });

    for (const cookie of cookies)
      expect(await getOptionalUser(new Request(`${origin}/app`, { headers: { cookie } }))).toBeNull();
    expect(await countUserTraces({ userId: owner.id, email: owner.email })).toBe(0);
    // The partner of the deleted household loses it; the friend's budget is untouched.
    expect((await listUserHouseholds({ userId: partner.id })).map((item) => item.id)).not.toContain(household.id);
    await expect(
      requireHouseholdAccess({ userId: friend.owner.id, householdId: friend.household.id }),
    ).resolves.toMatchObject({ role: "owner" });

    const mail = memoryOutboxFor(owner.email)
      .filter((entry) => entry.kind === "account-deleted")
      .at(-1);
    expect(mail?.html).toContain('lang="fr"');
  });
});

describe("delete my account: what is kept about the address", () => {
  it("removes the mail kept for them in the outbox, whatever its case, and nobody else's", async () => {
    const { owner } = await seedHousehold({ email: "Outbox.Leaver@example.com", password });
    const now = new Date();
    const kept = { subject: "Hi", html: "<p>link</p>", text: "link", lastError: "timeout", now, nextAttemptAt: now };
    await queueMail({ ...kept, kind: "reset-password", recipient: "Outbox.Leaver@example.com" });
    await queueMail({ ...kept, kind: "verify-email", recipient: "outbox.leaver@example.com" });
    await queueMail({ ...kept, kind: "invitation", recipient: "someone.else@example.com" });

    expect(await deleteAccount({ userId: owner.id, password })).toMatchObject({ ok: true });

    const left = await db().select({ recipient: mailOutbox.recipient }).from(mailOutbox);
    expect(left.map((row) => row.recipient.toLowerCase())).not.toContain("outbox.leaver@example.com");
    expect(left.map((row) => row.recipient)).toContain("someone.else@example.com");
    expect(await countUserTraces({ userId: owner.id, email: owner.email })).toBe(0);
  });

  it("clears their own rate-limit counters only: a `_` in their address's digest matches nobody else's", async () => {
    // An address whose counter key holds a `_`, which LIKE would read as any one character.
    let email = "";
    for (let index = 0; !email; index++) {
      const candidate = `under-${index}@example.com`;
      if (emailKey("", candidate).split(":").at(-1)?.includes("_")) email = candidate;
    }
    const { owner } = await seedHousehold({ email, password });
    const theirs = emailKey("sign-in", email);
    // Another person's counter whose digest differs exactly where theirs has the `_`.
    const others = theirs.replace("_", "Q");
    const now = Date.now();
    await db()
      .insert(rateLimit)
      .values([
        { id: crypto.randomUUID(), key: theirs, count: 3, lastRequest: now },
        { id: crypto.randomUUID(), key: `${theirs}:ip:203.0.113.7`, count: 1, lastRequest: now },
        { id: crypto.randomUUID(), key: others, count: 3, lastRequest: now },
        { id: crypto.randomUUID(), key: `${others}:ip:203.0.113.7`, count: 1, lastRequest: now },
      ]);

    expect(await deleteAccount({ userId: owner.id, password })).toMatchObject({ ok: true });

    const keys = (await db().select({ key: rateLimit.key }).from(rateLimit)).map((row) => row.key);
    expect(keys).not.toContain(theirs);
    expect(keys).not.toContain(`${theirs}:ip:203.0.113.7`);
    expect(keys).toEqual(expect.arrayContaining([others, `${others}:ip:203.0.113.7`]));
  });
});

describe("export my data: rules, recurring series, budgets and import drafts", () => {
  it("lists the household's rules, series and budgets, and the user's own waiting statement files by name, size and date", async () => {
    const { owner, household } = await seedHousehold({ name: "Sanne", householdName: "Home" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const groceries = builtInCategory("groceries").id;
    const accountId = await everydayAccountId(household.id);
    await db()
      .insert(rule)
      .values({
        householdId: household.id,
        position: 1,
        ...learnedRule({ counterparty: "Albert Heijn", categoryId: groceries }),
        origin: "learned",
        createdBy: owner.id,
      });
    const series = {
      householdId: household.id,
      kind: "expense",
      currency: "EUR",
      categoryId: groceries,
      accountId,
      frequency: "monthly",
      dayOfMonth: 1,
      startsOn: "2026-01-01",
    } satisfies Partial<typeof recurring.$inferInsert>;
    await db()
      .insert(recurring)
      .values([
        { ...series, amountMinor: 950_00, description: "Rent", createdBy: owner.id },
        { ...series, amountMinor: 60_00, description: "Therapist", createdBy: partner.id },
      ]);
    await db().insert(budgetLimit).values({
      householdId: household.id,
      categoryId: groceries,
      month: "2026-03-01",
      scope: "repeat",
      limitMinor: 400_00,
      rollover: true,
    });
    const bytes = new TextEncoder().encode("Datum;Bedrag\n01-03-2026;-3,20\n");
    expect(
      (
        await createImportDraft({
          userId: owner.id,
          householdId: household.id,
          accountId,
          fileName: "maart.csv",
          bytes,
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await createImportDraft({
          userId: partner.id,
          householdId: household.id,
          accountId,
          fileName: "pieter.csv",
          bytes,
        })
      ).ok,
    ).toBe(true);
    await choosePersonalPrivacy({ householdId: household.id, userId: partner.id, personalInDetail: false });

    const text = await new Response((await exportMyData({ userId: owner.id })).stream).text();
    const data = JSON.parse(text) as { importDrafts: Record<string, unknown>[]; households: Record<string, unknown>[] };
    expect(data.households[0]).toMatchObject({
      rules: [
        expect.objectContaining({
          position: 1,
          origin: "learned",
          actions: expect.objectContaining({ categoryId: groceries }),
        }),
      ],
      recurring: [
        expect.objectContaining({
          description: "Rent",
          amountMinor: 950_00,
          frequency: "monthly",
          startsOn: "2026-01-01",
        }),
      ],
      budgets: [{ categoryId: groceries, month: "2026-03-01", scope: "repeat", limitMinor: 400_00, rollover: true }],
    });
    expect(data.importDrafts).toEqual([
      { householdId: household.id, fileName: "maart.csv", bytes: bytes.byteLength, createdAt: expect.any(String) },
    ]);
    // A partner's hidden personal series and their bank file are theirs, not the owner's.
    expect(text).not.toContain("Therapist");
    expect(text).not.toContain("pieter.csv");

    const partners = JSON.parse(await new Response((await exportMyData({ userId: partner.id })).stream).text()) as {
      importDrafts: Record<string, unknown>[];
    };
    expect(partners.importDrafts).toEqual([
      expect.objectContaining({ householdId: household.id, fileName: "pieter.csv" }),
    ]);
  });
});
