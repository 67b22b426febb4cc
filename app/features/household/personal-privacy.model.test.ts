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
 * The derived paths (issue 44) are generated too: shared split entries with a personal line of their member, amount
 * searches (exact and ranges) and base amounts on the list, search, the entry's page and the dashboard, payee renames
 * and payee memory, and imports by each member, whose rows must not take a payee seen only on another member's hidden
 * entries (its rename, category or "personal"), nor may a member's rename change the titles of entries hidden from them.
 *
 * `PRIVACY_MODEL_RUNS` (default 50) sets the number of sequences; `npm run test:privacy-model` runs 2,000. Each sequence
 * checks every path after every step (a few seconds a sequence), so `npm test` runs 50 — a new seed each time, printed
 * with a failure (replay it with `PRIVACY_MODEL_SEED`, and `PRIVACY_MODEL_PATH` from the failure) — and the deep run is
 * the one to make before changing any path that shows entries.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { householdMember } from "~/db/schema/household";
import { useTestDatabase } from "~/db/test-database";
import { exportMyData } from "~/features/data-rights/export-data.server";
import { getDashboard } from "~/features/entries/dashboard.server";
import { parseEntrySearch } from "~/domain/entry-search";
import { listPayees } from "~/features/entries/payees.server";
import {
  getEntryWithLines,
  getTransaction,
  listTransactions,
  searchEntries,
} from "~/features/entries/transactions.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { detectRecurring, listRecurring, upcomingForMonth } from "~/features/recurring/recurring.server";
import {
  action,
  derivedAction,
  derivedStep,
  hiddenFrom,
  payeeAsSeen,
  payeeNames,
  seenOf,
  month,
  newWorld,
  people,
  step,
  today,
  type World,
} from "./member-sequences.test-helpers.server";

useTestDatabase();

const runs = Number(process.env.PRIVACY_MODEL_RUNS ?? 50);
/** A new seed each run unless one is given to replay a failure; fast-check prints it (and the path) when one fails. */
const seed = process.env.PRIVACY_MODEL_SEED
  ? Number(process.env.PRIVACY_MODEL_SEED)
  : Date.now() ^ (Math.random() * 2 ** 31);
const path = process.env.PRIVACY_MODEL_PATH || undefined;

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

    await checkDerivedPaths(world, reader, { list: list.items, recent: dashboard.recent, json, csv: csvText });
  }
}

const euros = (minor: number) => (minor / 100).toFixed(2);

/**
 * The derived paths for one reader: a split entry with a line hidden from them shows the other lines' amount and base
 * amount on the list, search, its page and the dashboard, and no amount search or range finds it by its whole amount;
 * its hidden line's note is nowhere; a payee seen only on entries hidden from them is neither listed nor named.
 */
async function checkDerivedPaths(
  world: World,
  reader: (typeof people)[number],
  shown: {
    list: { id: string; amountMinor: number; baseAmountMinor?: number | null }[];
    recent: { id: string; amountMinor: number; baseAmountMinor: number | null }[];
    json: string;
    csv: string;
  },
) {
  const userId = world.ids[reader];
  const householdId = world.householdId;
  const search = (query: string) =>
    searchEntries({ userId, householdId, search: parseEntrySearch(query, "en") }).then((found) =>
      found.months.flatMap((group) => group.entries),
    );
  for (const split of world.splits) {
    const seen = await seenOf(world, reader, split.id);
    if (!seen || seen.hidden || !seen.partly) continue;
    const where = `split ${split.marker} as ${reader} sees it`;
    const expected = { amountMinor: seen.amountMinor, baseAmountMinor: seen.baseAmountMinor };
    const listed = shown.list.find((item) => item.id === split.id);
    expect(
      listed && { amountMinor: listed.amountMinor, baseAmountMinor: listed.baseAmountMinor },
      `${where}: list`,
    ).toEqual(expected);
    const recent = shown.recent.find((item) => item.id === split.id);
    if (recent)
      expect(
        { amountMinor: recent.amountMinor, baseAmountMinor: recent.baseAmountMinor },
        `${where}: dashboard`,
      ).toEqual(expected);
    const page = await getEntryWithLines({ userId, householdId, transactionId: split.id });
    expect({ amountMinor: page.amountMinor, baseAmountMinor: page.baseAmountMinor }, `${where}: its page`).toEqual(
      expected,
    );
    expect(JSON.stringify(page), `${where}: its page shows the hidden line`).not.toContain(split.marker);
    // Amount search: the whole amount, exact or as a range around it, does not find it; what they see does.
    for (const query of [
      euros(seen.wholeMinor),
      `${euros(seen.wholeMinor - 1)}-${euros(seen.wholeMinor + 1)}`,
      `>${euros(seen.wholeMinor - 1)}`,
    ]) {
      const found = await search(query);
      const hit = found.find((item) => item.id === split.id);
      if (query.startsWith(">") && seen.amountMinor > seen.wholeMinor - 1) continue;
      expect(hit, `${where}: search "${query}" finds it by its whole amount`).toBeUndefined();
    }
    const exact = (await search(euros(seen.amountMinor))).find((item) => item.id === split.id);
    expect(
      exact && { amountMinor: exact.amountMinor, baseAmountMinor: exact.baseAmountMinor },
      `${where}: search`,
    ).toEqual(expected);
    expect(shown.json, `${where}: JSON export`).not.toContain(split.marker);
    expect(shown.csv, `${where}: CSV export`).not.toContain(split.marker);
  }
  // A payee seen only on another member's hidden entries: not listed, its name nowhere.
  const payees = JSON.stringify((await listPayees({ userId, householdId })).payees);
  const texts = JSON.stringify(shown.list) + JSON.stringify(shown.recent) + JSON.stringify(await search("Dr"));
  for (const index of payeeNames.keys()) {
    const payee = await payeeAsSeen(world, reader, index);
    if (!payee?.privateFromReader) continue;
    expect(payees, `the payees list names a payee seen only on entries hidden from ${reader}`).not.toContain(payee.id);
    if (payee.name.includes("secret"))
      expect(texts + shown.csv, `a hidden payee's name reaches ${reader}`).not.toContain(payee.name);
  }
}

describe("personal privacy, over random sequences of what three members do", () => {
  it(`keeps every hidden entry hidden after every step (${runs} sequences of 20 to 24 steps)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 3, arbitrary: action }, { weight: 2, arbitrary: derivedAction }), {
          minLength: 20,
          maxLength: 24,
        }),
        async (actions) => {
          const world = await newWorld();
          for (const next of actions) {
            const changed =
              next.type === "split" || next.type === "import" || next.type === "payee"
                ? await derivedStep(world, next)
                : await step(world, next);
            if (changed) await checkEveryReader(world);
          }
          // The membership table agrees with the model (a failed leave or rejoin would make the checks above vacuous).
          const members = await db()
            .select({ userId: householdMember.userId })
            .from(householdMember)
            .where(and(eq(householdMember.householdId, world.householdId)));
          expect(new Set(members.map((row) => row.userId))).toEqual(
            new Set(people.filter((who) => world.member[who]).map((who) => world.ids[who])),
          );
        },
      ),
      { numRuns: runs, seed, path },
    );
  }, 3_600_000);
});
