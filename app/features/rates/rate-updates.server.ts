import { getConfig } from "~/config.server";
import { hearOtherProcesses, tellOtherProcesses } from "~/db/client.server";
import { addDays, type IsoDate } from "~/domain/periods";
import type { PublishedRate } from "~/domain/rates";
import { processWideSlot } from "~/lib/global-singleton";
import { logger } from "~/lib/logger.server";
import { RepeatingTask } from "~/lib/repeating-task.server";
import { leasedTask } from "~/features/platform/background-lease.server";
import {
  abortRateRequests,
  ecbDefaultUrl,
  fetchEcbRates,
  fetchNbpRates,
  fetchNbuRates,
  nbpDefaultUrl,
  nbpLongestRange,
  nbuDefaultUrl,
  RateFileError,
} from "./central-banks.server";
import { lastStoredDay, loadNewRates, loadStoredRates, storeRates, today } from "./rates.server";

/** Rates a new server fetches back to: the day after the bundled history's last. */
export const historyEnd: IsoDate = "2025-01-03";

export interface RateSources {
  /** The ECB's folder of reference-rate files. */
  ecbUrl: string;
  nbuUrl: string;
  /** The NBP's table A. */
  nbpUrl: string;
}

/**
 * One round of the daily update: the ECB's file (its whole history the first time, to close the gap since the bundled
 * history ends; then its last 90 days), then the NBU's days since its last stored one (the hryvnia, which the ECB does
 * not publish), in one request, and the NBP's tables since its last (its direct złoty rates, decision 0026), at most
 * its longest range back. Stored and added to the table. A bank that cannot be reached is logged and asked again
 * next round; what the other one gave is kept. Answers the rows stored.
 */
export async function updateRates(sources: RateSources = configuredSources(), now: IsoDate = today()): Promise<number> {
  const rows: PublishedRate[] = [];
  try {
    const ecbSince = await lastStoredDay("ecb", historyEnd);
    // Rows up to the history's end stay the history's: the two agree within 1 % (history.server.test.ts).
    const whole = ecbSince === undefined || ecbSince < addDays(now, -80);
    rows.push(...(await fetchEcbRates(sources.ecbUrl, whole)).filter((row) => row.on > historyEnd));
  } catch (error) {
    logRateError(error);
  }
  try {
    const nbuSince = (await lastStoredDay("nbu", historyEnd)) ?? historyEnd;
    // The NBU sets the next working day's rate in the afternoon: tomorrow may already be there.
    rows.push(...(await fetchNbuRates(addDays(nbuSince, 1), addDays(now, 1), sources.nbuUrl)));
  } catch (error) {
    logRateError(error);
  }
  try {
    // The NBP's own rates matter for entries of now: a new server starts a range back, not at the history's end.
    const nbpSince = (await lastStoredDay("nbp", historyEnd)) ?? historyEnd;
    const earliest = addDays(now, 1 - nbpLongestRange);
    const from = nbpSince >= earliest ? addDays(nbpSince, 1) : earliest;
    if (from <= now) rows.push(...(await fetchNbpRates(from, now, sources.nbpUrl)));
  } catch (error) {
    logRateError(error);
  }
  const stored = await storeRates(rows);
  if (stored > 0) {
    logger.info({ rates: stored }, "exchange rates updated");
    tellOtherProcesses(ratesChannel).catch((error: unknown) =>
      logger.warn({ err: error }, "other server processes could not be told of new exchange rates; they poll"),
    );
    await notifyRatesUpdated();
  }
  return stored;
}

function logRateError(error: unknown) {
  if (error instanceof RateFileError)
    logger.warn({ reason: error.message }, "exchange rates not fetched; the next round tries again");
  else throw error;
}

function configuredSources(): RateSources {
  const config = getConfig();
  return {
    ecbUrl: config.ECB_RATES_URL ?? ecbDefaultUrl,
    nbuUrl: config.NBU_RATES_URL ?? nbuDefaultUrl,
    nbpUrl: config.NBP_RATES_URL ?? nbpDefaultUrl,
  };
}

const listeners = new Set<() => Promise<unknown>>();

async function notifyRatesUpdated(): Promise<void> {
  for (const listener of listeners) await listener();
}

/** Runs `listener` at start-up and after every update that stored rates (entries whose rate was missing or provisional get one). */
export function onRatesUpdated(listener: () => Promise<unknown>): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the server processes on one PostgreSQL database tell each other when an update stored rates. */
export const ratesChannel = "samen_rates_updated";

/**
 * How often every process reads the rates stored since its last read, whether or not it was told: a notification lost
 * with its connection, or a database without LISTEN, delays new rates by this much at most.
 */
export const rateRefreshIntervalMs = 60_000;

const refreshSlot = processWideSlot<{ task: RepeatingTask; round: Promise<unknown> }>("rateRefresh");

/** Reads the rates stored since the last read, one read at a time (a notification during a poll waits for it). */
function refreshRates(): Promise<unknown> {
  const current = refreshSlot.get();
  if (!current) return Promise.resolve();
  const round = current.round.then(loadNewRates).then(
    (added) => {
      if (added > 0) logger.info({ rates: added }, "exchange rates another process stored read");
    },
    (error: unknown) =>
      logger.warn({ err: error }, "stored exchange rates could not be read; the next poll tries again"),
  );
  current.round = round;
  return round;
}

/**
 * Every process, not only the one whose update fetched them, learns new rates: at once when told over PostgreSQL's
 * LISTEN/NOTIFY (`ratesChannel`), and within `rateRefreshIntervalMs` by a poll otherwise.
 */
export async function startRateRefresh(): Promise<void> {
  if (refreshSlot.get()) return;
  const task = new RepeatingTask(() => refreshRates(), rateRefreshIntervalMs);
  refreshSlot.set({ task, round: Promise.resolve() });
  await hearOtherProcesses(ratesChannel, () => void refreshRates());
  task.start();
}

export async function stopRateRefresh(): Promise<void> {
  const current = refreshSlot.get();
  refreshSlot.set(undefined);
  await current?.task.stop();
  await current?.round;
}

const taskSlot = processWideSlot<RepeatingTask>("rateUpdates");
const fillSlot = processWideSlot<Promise<void>>("rateFillAtStart");

/**
 * Start-up: the stored rates join the bundled history, then, where RATE_UPDATES allows, an update runs at once and
 * every six hours (the ECB publishes at about 16:00 CET, the NBU in the afternoon for the next day) in the process
 * holding its lease; every process reads what it stored within a minute (`startRateRefresh`).
 */
const rateUpdateIntervalMs = 6 * 3_600_000;

export async function startRateUpdates(): Promise<void> {
  await loadStoredRates();
  await startRateRefresh();
  // Entries left without a rate (a migration cleared their base amounts to work them out again, or the server stopped
  // before it could fill them) take the table's rate now, whether or not updates run; in the background, so the
  // server answers meanwhile.
  fillSlot.set(
    notifyRatesUpdated().catch((error: unknown) => {
      logger.warn({ err: error }, "entries without a rate could not be filled at start-up; the next update tries");
    }),
  );
  if (!getConfig().RATE_UPDATES) return;
  const task = taskSlot.get() ?? leasedTask("exchange rate update", rateUpdateIntervalMs, updateRates);
  taskSlot.set(task);
  task.start();
}

export async function stopRateUpdates(): Promise<void> {
  abortRateRequests();
  await stopRateRefresh();
  await taskSlot.get()?.stop();
  taskSlot.set(undefined);
  await fillSlot.get();
  fillSlot.set(undefined);
}
