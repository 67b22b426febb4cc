import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as client from "~/db/client.server";
import { db } from "~/db/client.server";
import { exchangeRate } from "~/db/schema/rates";
import { useTestDatabase } from "~/db/test-database";
import { conversion } from "~/domain/rates";
import { startFakeCentralBanks, type FakeCentralBanks } from "../../../tests/fakes/central-banks";
import {
  rateRefreshIntervalMs,
  ratesChannel,
  startRateRefresh,
  stopRateRefresh,
  updateRates,
} from "./rate-updates.server";
import { loadStoredRates, rateTable } from "./rates.server";

vi.mock("~/db/client.server", async (importOriginal) => {
  const actual = await importOriginal<typeof client>();
  return {
    ...actual,
    tellOtherProcesses: vi.fn(actual.tellOtherProcesses),
    hearOtherProcesses: vi.fn(actual.hearOtherProcesses),
  };
});

useTestDatabase();

let banks: FakeCentralBanks;
beforeAll(async () => {
  banks = await startFakeCentralBanks();
});
afterAll(() => banks.close());
afterEach(async () => {
  await stopRateRefresh();
  vi.useRealTimers();
});

/** What another server process's update leaves in the database: rows this process never added itself. */
async function storedElsewhere(on: string, currency: string, perEuro: number) {
  await db().insert(exchangeRate).values({ currency, on, perEuro, source: "ecb" });
}

describe("rates another server process stored", () => {
  it("reach this process within a minute without being told, and a poll with nothing new changes nothing", async () => {
    await loadStoredRates();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await startRateRefresh();
    await vi.advanceTimersByTimeAsync(10);
    const revision = rateTable().revision;
    await vi.advanceTimersByTimeAsync(rateRefreshIntervalMs);
    expect(rateTable().revision).toBe(revision);

    await storedElsewhere("2034-03-01", "CHF", 0.95);
    expect(conversion(rateTable(), "EUR", "CHF", "2034-03-01")).toBeUndefined();
    await vi.advanceTimersByTimeAsync(rateRefreshIntervalMs);
    await vi.waitFor(() => expect(conversion(rateTable(), "EUR", "CHF", "2034-03-01")).toMatchObject({ rate: 0.95 }));
  });

  it("reach this process at once when another process tells the rates' channel, which an update does", async () => {
    await loadStoredRates();
    await startRateRefresh();
    const hear = vi.mocked(client.hearOtherProcesses);
    const heard = hear.mock.calls.filter(([channel]) => channel === ratesChannel).at(-1)?.[1];
    expect(heard).toBeTypeOf("function");

    await storedElsewhere("2034-04-03", "CHF", 0.96);
    heard?.();
    await vi.waitFor(() => expect(conversion(rateTable(), "EUR", "CHF", "2034-04-03")).toMatchObject({ rate: 0.96 }));

    // The process whose update stored rates tells the others.
    banks.ecb.set("2034-05-02", { CHF: 0.97 });
    const sources = { ecbUrl: banks.ecbUrl, nbuUrl: banks.nbuUrl, nbpUrl: banks.nbpUrl };
    expect(await updateRates(sources, "2034-05-02")).toBeGreaterThan(0);
    expect(vi.mocked(client.tellOtherProcesses)).toHaveBeenCalledWith(ratesChannel);
  });
});
