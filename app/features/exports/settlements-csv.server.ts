import { csvAmount, csvDelimiter, csvLine, csvQuote, csvText, utf8Bom, type CsvDecimal } from "~/domain/csv";
import type { Language } from "~/domain/languages";
import { numberSeparators } from "~/domain/money";
import { monthOf } from "~/domain/periods";
import { can } from "~/domain/plans";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { listSettlements } from "~/features/sharing/settle-up.server";
import type { CsvExportRange } from "./transactions-csv.server";
import { fileTranslator } from "./translator.server";

/** samen-settlements-2026-11.csv for one month, else samen-settlements-2026-01_2026-03.csv. */
export function settlementsCsvFileName({ from, to }: CsvExportRange): string {
  const first = monthOf(from);
  const last = monthOf(to);
  return first === last ? `samen-settlements-${first}.csv` : `samen-settlements-${first}_${last}.csv`;
}

/**
 * The settlements of the months a date range touches, as their own CSV beside the transactions' (a spreadsheet wants
 * one table per file): month, who paid whom, the amount, the currency and the day it was recorded, oldest first.
 * The same format choices as the transactions' CSV (BOM, translated header, decimal separator and delimiter). Premium,
 * like every export; any member may download it.
 */
export async function exportSettlementsCsv({
  userId,
  householdId,
  range,
  language,
  decimal,
}: {
  userId: string;
  householdId: string;
  range: CsvExportRange;
  language: Language;
  decimal: CsvDecimal;
}): Promise<{ ok: true; fileName: string; body: string } | { ok: false; error: "premiumRequired" }> {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!can(access.plan, "export.transactions")) return { ok: false, error: "premiumRequired" };
  const from = range.from <= range.to ? range.from : range.to;
  const to = range.from <= range.to ? range.to : range.from;
  const [t, settlements] = await Promise.all([
    fileTranslator(language, "premium"),
    listSettlements({ userId, householdId, from: monthOf(from), to: monthOf(to) }),
  ]);
  const decimalSeparator = decimal === "point" ? "." : numberSeparators(language).decimal;
  const delimiter = csvDelimiter(decimalSeparator);
  const header = csvLine(
    (["month", "from", "to", "amount", "currency", "settledOn"] as const).map((column) =>
      csvQuote(t(`exports.csv.settlementColumns.${column}`), delimiter),
    ),
    delimiter,
  );
  const lines = settlements
    .toReversed()
    .map((item) =>
      csvLine(
        [
          item.month,
          csvText(item.fromName, delimiter),
          csvText(item.toName, delimiter),
          csvAmount(item.amountMinor, decimalSeparator),
          access.household.currency,
          item.createdAt.slice(0, 10),
        ],
        delimiter,
      ),
    );
  return { ok: true, fileName: settlementsCsvFileName({ from, to }), body: utf8Bom + header + lines.join("") };
}
