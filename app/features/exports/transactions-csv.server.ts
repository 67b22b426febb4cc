import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { entryLine, entryTitle, transaction } from "~/db/schema/entries";
import { categoryLabel } from "~/domain/categories";
import { csvAmount, csvDelimiter, csvLine, csvQuote, csvText, utf8Bom, type CsvDecimal } from "~/domain/csv";
import type { Language } from "~/domain/languages";
import { numberSeparators } from "~/domain/money";
import { addDays, monthEnd, monthOf, monthStart, type IsoDate } from "~/domain/periods";
import { can } from "~/domain/plans";
import { listCategories } from "~/features/entries/categories.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { listHouseholdMembers } from "~/features/household/members.server";
import { entryMember, visibleEntries, visibleLines } from "~/features/household/personal-privacy.server";
import { fileTranslator } from "./translator.server";

/** Entries fetched per page: a few hundred kilobytes at a time, so 100,000 entries take 100 pages. */
export const csvBatchSize = 1000;

export interface CsvExportRange {
  from: IsoDate;
  to: IsoDate;
}

/** samen-transactions-2026-11.csv for a whole month, else samen-transactions-2026-01-01_2026-03-31.csv. */
export function csvFileName({ from, to }: CsvExportRange): string {
  const wholeMonth =
    monthOf(from) === monthOf(to) && from === monthStart(monthOf(from)) && to === addDays(monthEnd(monthOf(to)), -1);
  return wholeMonth ? `samen-transactions-${monthOf(from)}.csv` : `samen-transactions-${from}_${to}.csv`;
}

/** Whether any entry belongs to somebody other than the owner (a former partner); stops at the first. */
async function hadOtherMembers(householdId: string, ownerUserId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: transaction.id })
    .from(transaction)
    .where(and(eq(transaction.householdId, householdId), sql`${entryMember} <> ${ownerUserId}`))
    .limit(1);
  return row !== undefined;
}

/**
 * The household's entries of a date range as CSV, streamed: UTF-8 with a BOM, a translated header, the chosen
 * decimal separator (the reader's, or a point) with the delimiter that goes with it, RFC 4180 quoting.
 * Entries are read in keyset pages (date, id) over the household's date index, then their lines, so memory stays flat
 * and each page costs its own size whatever the range; each page is read only when the client has taken the previous
 * one (stream back-pressure), and other requests get their turn between pages.
 * Partners may export (it is reading); the plan must allow it. A household of two or more adds whether each entry is
 * shared or personal and who paid or received it (a household of one keeps the six columns it always had), and never
 * carries the personal expenses another member shows this reader only as category totals (`visibleEntries`, and
 * `visibleLines` for a split's own personal lines).
 *
 * One row per line (decision 0018): an entry nobody split is one row, as it always was; a split entry is a row per
 * line, each with the line's category, amount and sharing and the entry's date, description and member, so the
 * amounts add up to the entries. The last column, the entry's id, tells which rows are one entry.
 */
export async function exportTransactionsCsv({
  userId,
  householdId,
  range,
  language,
  decimal,
  batchSize = csvBatchSize,
}: {
  userId: string;
  householdId: string;
  range: CsvExportRange;
  language: Language;
  decimal: CsvDecimal;
  batchSize?: number;
}): Promise<
  { ok: true; fileName: string; stream: ReadableStream<Uint8Array> } | { ok: false; error: "premiumRequired" }
> {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!can(access.plan, "export.transactions")) return { ok: false, error: "premiumRequired" };
  const from = range.from <= range.to ? range.from : range.to;
  const to = range.from <= range.to ? range.to : range.from;

  const [t, tApp, categories, members] = await Promise.all([
    fileTranslator(language, "premium"),
    fileTranslator(language, "app"),
    listCategories({ householdId }),
    listHouseholdMembers(householdId),
  ]);
  // A household that had a partner keeps the two columns after they left: their entries still say whose they were.
  const together = members.length > 1 || (await hadOtherMembers(householdId, access.household.ownerUserId));
  const decimalSeparator = decimal === "point" ? "." : numberSeparators(language).decimal;
  const delimiter = csvDelimiter(decimalSeparator);
  const labels = new Map(categories.map((item) => [item.id, csvText(categoryLabel(item, tApp), delimiter)]));
  const kindLabels = {
    income: csvQuote(t("exports.csv.income"), delimiter),
    expense: csvQuote(t("exports.csv.expense"), delimiter),
  };
  const formerMember = csvQuote(t("exports.csv.formerMember"), delimiter);
  const sharingLabels = {
    shared: csvQuote(t("exports.csv.shared"), delimiter),
    personal: csvQuote(t("exports.csv.personal"), delimiter),
  };
  const columns = [
    "date",
    "type",
    "category",
    "description",
    "amount",
    "currency",
    ...(together ? (["sharing", "member"] as const) : []),
    "entryId",
  ] as const;
  const header = csvLine(
    columns.map((column) => csvQuote(t(`exports.csv.columns.${column}`), delimiter)),
    delimiter,
  );

  const encoder = new TextEncoder();
  let cursor: { occurredOn: string; id: string } | null = null;
  let started = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(utf8Bom + header));
          return;
        }
        // Between pages the event loop takes the other requests' turns: the embedded database answers on this thread,
        // and its promises alone would carry the whole export through without one (issue 45).
        await new Promise((resolve) => setImmediate(resolve));
        // A page of entries by (date, id) over the household's date index, then their lines: each page costs its own
        // size, where one keyset across the join and the line's position sorted the whole range for every page.
        const page = await db()
          .select({ id: transaction.id, occurredOn: transaction.occurredOn })
          .from(transaction)
          .where(
            and(
              eq(transaction.householdId, householdId),
              gte(transaction.occurredOn, from),
              lte(transaction.occurredOn, to),
              visibleEntries(access),
              cursor
                ? sql`(${transaction.occurredOn}, ${transaction.id}) > (${cursor.occurredOn}::date, ${cursor.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(transaction.occurredOn), asc(transaction.id))
          .limit(batchSize);
        const lastEntry = page.at(-1);
        if (!lastEntry) return controller.close();
        const rows = await db()
          .select({
            id: transaction.id,
            position: entryLine.position,
            kind: transaction.kind,
            amountMinor: entryLine.amountMinor,
            currency: transaction.currency,
            occurredOn: transaction.occurredOn,
            description: entryTitle,
            categoryId: entryLine.categoryId,
            shared: entryLine.shared,
            // A former member's name too, while their account exists; once deleted, "Former member".
            memberName: together
              ? sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${entryMember})`
              : sql<null>`null`,
            hasMember: sql<boolean>`${entryMember} is not null`,
          })
          .from(transaction)
          .innerJoin(entryLine, eq(entryLine.entryId, transaction.id))
          .where(
            and(
              eq(transaction.householdId, householdId),
              inArray(
                transaction.id,
                page.map((entry) => entry.id),
              ),
              visibleLines(access),
            ),
          )
          .orderBy(asc(transaction.occurredOn), asc(transaction.id), asc(entryLine.position));
        let chunk = "";
        for (const row of rows) {
          const signed = row.kind === "expense" ? -row.amountMinor : row.amountMinor;
          chunk += csvLine(
            [
              row.occurredOn,
              row.kind === "expense" ? kindLabels.expense : kindLabels.income,
              labels.get(row.categoryId) ?? "",
              csvText(row.description, delimiter),
              csvAmount(signed, decimalSeparator),
              row.currency,
              ...(together
                ? [
                    row.shared ? sharingLabels.shared : sharingLabels.personal,
                    row.memberName !== null ? csvText(row.memberName, delimiter) : row.hasMember ? formerMember : "",
                  ]
                : []),
              row.id,
            ],
            delimiter,
          );
        }
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (page.length < batchSize) controller.close();
        else cursor = { occurredOn: lastEntry.occurredOn, id: lastEntry.id };
      },
    },
    { highWaterMark: 1 },
  );
  return { ok: true, fileName: csvFileName({ from, to }), stream };
}
