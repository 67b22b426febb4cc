import { describe, expect, it, vi } from "vitest";
import type * as SessionModule from "~/features/auth/session.server";
import { signedInHeaders } from "~/features/household/signed-in.test-helpers";
import { cookies } from "~/lib/cookies";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { useTestServer } from "../../../server/test-server";

/**
 * Privacy of personal spending through the real server: what a page's `.data` (every loader of the page, the /app
 * layout's too) and HTML carry for a member from whom the partner hides their personal expenses.
 */

vi.mock("virtual:react-router/server-build", async () =>
  (await import("../../../server/test-page-build")).pageServerBuild(),
);
vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

const server = useTestServer();

/** Every string and number a `.data` answer (turbo-stream: lines of JSON) carries, whatever its nesting. */
async function dataValues(response: Response): Promise<unknown[]> {
  const values: unknown[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
    else values.push(value);
  };
  for (const line of (await response.text()).split("\n")) {
    if (!line.trim()) continue;
    const start = line.search(/[[{]/);
    if (start >= 0) collect(JSON.parse(line.slice(start)));
  }
  return values;
}

async function couple() {
  const { owner, household } = await seedHousehold({ name: "Pieter" });
  await seedPremium(household.id);
  const partner = await seedUser({ name: "Sanne" });
  await addPartner({ householdId: household.id, userId: partner.id });
  const [therapist, market] = await seedTransactions({
    householdId: household.id,
    userId: partner.id,
    entries: [
      {
        kind: "expense",
        category: "health",
        amountMinor: 7_013,
        occurredOn: "2025-03-12",
        description: "Therapist Mirjam",
      },
      {
        kind: "expense",
        category: "groceries",
        amountMinor: 3_151,
        occurredOn: "2025-03-15",
        description: "Market together",
        shared: true,
      },
      {
        kind: "expense",
        category: "health",
        amountMinor: 2_029,
        occurredOn: "2025-03-14",
        description: "Pharmacy at night",
      },
    ],
  });
  return {
    owner,
    partner,
    householdId: household.id,
    therapistId: therapist?.id as string,
    marketId: market?.id as string,
  };
}

/** A GET by `user`, in the household the switcher chose (their own when none is named). */
const get = (user: { id: string; email: string; name: string }, path: string, householdId?: string) =>
  fetch(server.url(path), {
    headers: {
      ...signedInHeaders(user),
      ...(householdId ? { cookie: `${cookies.household.name}=${householdId}` } : {}),
    },
    redirect: "manual",
  });

describe("a partner's hidden personal spending, through the pages", () => {
  it("never reaches the owner through the expenses list's .data, its search, the dashboard or the entry's page; the totals and shared rows do", async () => {
    const { owner, partner, householdId, therapistId, marketId } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });

    for (const path of [
      "/app/expenses.data?month=2025-03",
      "/app/expenses.data?month=2025-03&view=" + partner.id,
      "/app/expenses.data?month=2025-03&q=therapist",
      "/app.data?month=2025-03",
    ]) {
      const response = await get(owner, path);
      expect(response.status, path).toBe(200);
      const values = await dataValues(response);
      expect(values, path).not.toContain("Therapist Mirjam");
      expect(values, path).not.toContain("Pharmacy at night");
      expect(values, path).not.toContain(therapistId);
      expect(values, path).not.toContain(7_013);
      expect(values, path).not.toContain(2_029);
      if (!path.includes("q=")) expect(values, path).toContain(7_013 + 2_029);
      if (!path.includes("q=")) expect(values, path).toContain("Market together");
    }

    expect((await get(owner, `/app/transactions/${therapistId}.data`)).status).toBe(404);
    const page = await get(owner, `/app/transactions/${therapistId}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Therapist Mirjam");
    expect((await get(owner, `/app/transactions/${marketId}.data`)).status).toBe(200);

    // Sanne reads her own entries as ever.
    expect(await dataValues(await get(partner, `/app/transactions/${therapistId}.data`, householdId))).toContain(
      "Therapist Mirjam",
    );
  });

  it("shows them again once the partner switches back to entry by entry", async () => {
    const { owner, partner, householdId, therapistId } = await couple();
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
    expect((await get(owner, `/app/transactions/${therapistId}.data`)).status).toBe(404);
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: true });
    expect(await dataValues(await get(owner, "/app/expenses.data?month=2025-03"))).toContain("Therapist Mirjam");
    expect((await get(owner, `/app/transactions/${therapistId}.data`)).status).toBe(200);
  });
});
