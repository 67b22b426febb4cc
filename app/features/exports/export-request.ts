import {
  isIsoDate,
  isMonthKey,
  monthEnd,
  monthOf,
  monthStart,
  addDays,
  type IsoDate,
  type MonthKey,
} from "~/domain/periods";
import type { CsvDecimal } from "~/domain/csv";

/** The query of /app/export/transactions.csv: a date range (default: the reader's current month) and the decimal option. */
export function parseCsvExportQuery(
  params: URLSearchParams,
  today: IsoDate,
): { ok: true; from: IsoDate; to: IsoDate; decimal: CsvDecimal } | { ok: false } {
  const month = monthOf(today);
  const from = params.get("from") || monthStart(month);
  const to = params.get("to") || addDays(monthEnd(month), -1);
  const decimal = params.get("decimal") === "point" ? "point" : "locale";
  if (!isIsoDate(from) || !isIsoDate(to)) return { ok: false };
  return { ok: true, from, to, decimal };
}

/** The query of /app/export/report.pdf: a month (default: the reader's current one). */
export function parseReportQuery(
  params: URLSearchParams,
  today: IsoDate,
): { ok: true; month: MonthKey } | { ok: false } {
  const month = params.get("month") || monthOf(today);
  return isMonthKey(month) ? { ok: true, month } : { ok: false };
}

/** Headers of a file download: the name in both the plain and the RFC 5987 form, never cached, never sniffed. */
export function downloadHeaders(fileName: string, contentType: string): Headers {
  return new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
