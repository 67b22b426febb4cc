/**
 * Model test of personal privacy (issue 20, decision 0016): random sequences of what an owner, an editing partner and
 * a viewing partner do — add shared or personal entries, hide or show their personal spending, write a rule that
 * names a hidden entry and preview and apply it, undo a delete with a hidden entry's id, bulk edit search results (by
 * id or all that match) and undo it, set up recurring series,
 * leave, be removed, join again, delete their account — and after every step every reader still in the household is
 * checked on every path that shows entries one by one: the month list, search (rows and total), the entry's page,
 * the CSV export, the JSON export, recurring series and upcoming dates, recurring suggestions and the dashboard's latest
 * entries. A hidden entry's description, counterparty and amount must never reach a reader except inside totals.
 *
 * `PRIVACY_MODEL_RUNS` (default 50) sets the number of sequences; `npm run test:privacy-model` runs 2,000. Each sequence
 * checks every path after every step (about 2 s a sequence), so `npm test` runs 50 — a new seed each time — and
 * the deep run is the one to make before changing any path that shows entries.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { householdMember } from "~/db/schema/household";
import { useTestDatabase } from "~/db/test-database";
import { exportMyData } from "~/features/data-rights/export-data.server";
import { getDashboard } from "~/features/entries/dashboard.server";
import { getTransaction, listTransactions } from "~/features/entries/transactions.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { detectRecurring, listRecurring, upcomingForMonth } from "~/features/recurring/recurring.server";
import {
  action,
  hiddenFrom,
  month,
  newWorld,
  people,
  step,
  today,
  type World,
} from "./member-sequences.test-helpers.server";

useTestDatabase();

const runs = Number(process.env.PRIVACY_MODEL_RUNS ?? 50);

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

function expectNoSecret(where: string, haystack: string, hidden: World["entries"], series: World["series"] = []) {
  for (const entry of hidden) {
    expect(haystack, `${where} shows ${entry.marker}`).not.toContain(entry.marker);
    expect(haystack, `${where} shows ${entry.counterparty}`).not.toContain(entry.counterparty);
  }
  for (const item of series) expect(haystack, `${where} shows ${item.marker}`).not.toContain(item.marker);
}

/** Every path that returns entries one by one, for every reader still in the household. */
async function checkEveryReader(world: World) {
  for (const reader of people) {
    if (!world.member[reader]) continue;
    const userId = world.ids[reader];
    const householdId = world.householdId;
    const hidden = await hiddenFrom(world, reader);
    const hiddenIds = new Set(hidden.map((entry) => entry.id));
    const hiddenSeries = world.series.filter((item) => item.who !== reader && world.hides[item.who] && !item.shared);

    const list = await listTransactions({ userId, householdId, kind: "expense", month });
    for (const item of list.items)
      expect(hiddenIds.has(item.id), `month list shows a hidden entry to ${reader}`).toBe(false);

    // Search: the rows, and a total that sums only the rows it may show.
    const search = await listTransactions({
      userId,
      householdId,
      kind: "expense",
      month,
      search: "secret",
      limit: 500,
    });
    for (const item of search.items)
      expect(hiddenIds.has(item.id), `search shows a hidden entry to ${reader}`).toBe(false);
    expect(search.totals.totalMinor).toBe(search.items.reduce((sum, item) => sum + item.amountMinor, 0));

    for (const entry of hidden)
      await expect(getTransaction({ userId, householdId, transactionId: entry.id })).rejects.toMatchObject({
        code: "notFound",
      });

    const csv = await exportTransactionsCsv({
      userId,
      householdId,
      range: { from: `${month}-01`, to: `${month}-30` },
      language: "en",
      decimal: "point",
    });
    if (!csv.ok) throw new Error("the CSV export is premium, and this household is");
    const csvText = await text(csv.stream);
    expectNoSecret(`CSV export for ${reader}`, csvText, hidden);
    for (const entry of hidden)
      expect(csvText, `CSV export shows a hidden amount to ${reader}`).not.toContain(
        (entry.amountMinor / 100).toFixed(2),
      );

    const json = await text((await exportMyData({ userId })).stream);
    expectNoSecret(`JSON export for ${reader}`, json, hidden, hiddenSeries);

    const series = await listRecurring({ userId, householdId, today });
    expectNoSecret(`recurring list for ${reader}`, JSON.stringify(series.series), [], hiddenSeries);
    const upcoming = await upcomingForMonth({ userId, householdId, month, today });
    expectNoSecret(
      `upcoming dates for ${reader}`,
      JSON.stringify([upcoming.occurrences, upcoming.upcoming]),
      [],
      hiddenSeries,
    );
    expectNoSecret(
      `recurring suggestions for ${reader}`,
      JSON.stringify(await detectRecurring({ userId, householdId, today })),
      hidden,
    );

    const dashboard = await getDashboard({ userId, householdId, month, period: "monthly", today });
    expectNoSecret(`dashboard for ${reader}`, JSON.stringify(dashboard), hidden, hiddenSeries);
  }
}

describe("personal privacy, over random sequences of what three members do", () => {
  it(`keeps every hidden entry hidden after every step (${runs} sequences of 20 to 24 steps)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 20, maxLength: 24 }), async (actions) => {
        const world = await newWorld();
        for (const next of actions) {
          if (await step(world, next)) await checkEveryReader(world);
        }
        // The membership table agrees with the model (a failed leave or rejoin would make the checks above vacuous).
        const members = await db()
          .select({ userId: householdMember.userId })
          .from(householdMember)
          .where(and(eq(householdMember.householdId, world.householdId)));
        expect(new Set(members.map((row) => row.userId))).toEqual(
          new Set(people.filter((who) => world.member[who]).map((who) => world.ids[who])),
        );
      }),
      { numRuns: runs },
    );
  }, 3_600_000);
});
