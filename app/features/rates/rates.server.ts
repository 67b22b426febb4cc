import { and, desc, eq, gte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { exchangeRate } from "~/db/schema/rates";
import { todayIn, type IsoDate } from "~/domain/periods";
import { RateTable, type PublishedRate } from "~/domain/rates";
import { processWideSlot } from "~/lib/global-singleton";
import { loadHistory } from "./history.server";

/**
 * The rates every conversion reads (decision 0026): the bundled history, then the central banks' rates stored since,
 * in one table per server process. Built on first use (about 0.2 s); `loadStoredRates` adds the stored rows at start-up
 * and after each update.
 */
const tableSlot = processWideSlot<RateTable>("rateTable");

export function rateTable(): RateTable {
  let table = tableSlot.get();
  if (!table) {
    table = new RateTable();
    for (const [currency, series] of loadHistory()) table.addSeries(currency, "history", series.days, series.rates);
    tableSlot.set(table);
  }
  return table;
}

/**
 * The newest `fetched_at` among the stored rates this process has read, as PostgreSQL writes it (to the microsecond):
 * where the next read of rates stored by another process starts.
 */
const readUpToSlot = processWideSlot<string>("storedRatesReadUpTo");

/** Stored rates fetched after `after` (all without it), and the newest `fetched_at` among them. */
async function readStoredRates(after: string | undefined) {
  const rows = await db()
    .select({
      currency: exchangeRate.currency,
      on: exchangeRate.on,
      perEuro: exchangeRate.perEuro,
      source: exchangeRate.source,
      newest: sql<string>`(max(${exchangeRate.fetchedAt}) over ())::text`,
    })
    .from(exchangeRate)
    .where(after === undefined ? undefined : sql`${exchangeRate.fetchedAt} > ${after}::timestamptz`);
  return { rows, newest: rows[0]?.newest };
}

/** Adds every stored central-bank rate to the table. */
export async function loadStoredRates(): Promise<number> {
  const { rows, newest } = await readStoredRates(undefined);
  rateTable().add(rows);
  if (newest) readUpToSlot.set(newest);
  return rows.length;
}

/**
 * Adds the rates stored since this process last read them: another server process's update (only the one holding the
 * update's lease fetches), or a bank's correction of a day. Nothing new changes nothing, not even the table's revision.
 */
export async function loadNewRates(): Promise<number> {
  const { rows, newest } = await readStoredRates(readUpToSlot.get());
  if (rows.length === 0) return 0;
  rateTable().add(rows);
  if (newest) readUpToSlot.set(newest);
  return rows.length;
}

/** Stores published rates (a bank's correction of a day replaces its earlier figure) and adds them to the table. */
export async function storeRates(rows: readonly PublishedRate[]): Promise<number> {
  if (rows.length === 0) return 0;
  for (let index = 0; index < rows.length; index += 5000) {
    const slice = rows.slice(index, index + 5000);
    await db()
      .insert(exchangeRate)
      .values(slice.map(({ currency, on, perEuro, source }) => ({ currency, on, perEuro, source })))
      .onConflictDoUpdate({
        target: [exchangeRate.source, exchangeRate.currency, exchangeRate.on],
        set: { perEuro: sql`excluded."per_euro"`, fetchedAt: sql`now()` },
      });
  }
  rateTable().add(rows);
  return rows.length;
}

/** The last day a source has a stored rate for, if any. */
export async function lastStoredDay(source: PublishedRate["source"], from: IsoDate): Promise<IsoDate | undefined> {
  const [row] = await db()
    .select({ on: exchangeRate.on })
    .from(exchangeRate)
    .where(and(eq(exchangeRate.source, source), gte(exchangeRate.on, from)))
    .orderBy(desc(exchangeRate.on))
    .limit(1);
  return row?.on;
}

export function today(): IsoDate {
  return todayIn("Europe/Brussels");
}
