import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { exchangeRate } from "~/db/schema/rates";
import { useTestDatabase } from "~/db/test-database";
import { conversion } from "~/domain/rates";
import { startFakeCentralBanks, type FakeCentralBanks } from "../../../tests/fakes/central-banks";
import { parseEcbFile, parseNbpFile, parseNbuFile, RateFileError } from "./central-banks.server";
import { onRatesUpdated, updateRates } from "./rate-updates.server";
import { rateTable } from "./rates.server";

useTestDatabase();

let banks: FakeCentralBanks;
beforeAll(async () => {
  banks = await startFakeCentralBanks();
});
afterAll(() => banks.close());
beforeEach(() => {
  banks.ecb.clear();
  banks.nbu.clear();
  banks.nbp.clear();
  banks.mode.ecb = "ok";
  banks.mode.nbu = "ok";
  banks.mode.nbp = "ok";
  banks.requests.length = 0;
});

const sources = () => ({ ecbUrl: banks.ecbUrl, nbuUrl: banks.nbuUrl, nbpUrl: banks.nbpUrl });

describe("the daily rate update", () => {
  it("closes the history's gap with the ECB's whole file, then reads its 90 days and the NBU's days since its last", async () => {
    banks.ecb.set("2024-12-30", { USD: 1.04, PLN: 4.27 });
    banks.ecb.set("2033-01-06", { USD: 1.041, PLN: 4.27, CHF: 0.94 });
    banks.ecb.set("2033-01-07", { USD: 1.042, PLN: 4.26, CHF: 0.941 });
    banks.nbu.set("2033-01-07", 43.8);
    banks.nbu.set("2033-01-08", 43.9);
    let told = 0;
    const stop = onRatesUpdated(async () => {
      told++;
    });
    // The history's own days stay the history's: six ECB rows after it, two NBU days.
    expect(await updateRates(sources(), "2033-01-07")).toBe(8);
    stop();
    expect(told).toBe(1);
    expect(banks.requests).toEqual([
      "/stats/eurofxref/eurofxref-hist.xml",
      "/NBU_Exchange/exchange_site?start=20250104&end=20330108&valcode=eur&sort=exchangedate&order=asc&json=",
      // A new server asks the NBP for its longest range back only; it has published nothing here (404, no data).
      "/api/exchangerates/tables/A/2032-10-07/2033-01-07/?format=json",
    ]);
    expect(conversion(rateTable(), "UAH", "PLN", "2033-01-08")).toMatchObject({
      rate: 4.26 / 43.8,
      rateOn: "2033-01-07",
      source: "nbu",
    });
    const stored = await db().select().from(exchangeRate).where(eq(exchangeRate.currency, "UAH"));
    expect(stored.map((row) => [row.on, row.perEuro, row.source])).toEqual([
      ["2033-01-07", 43.8, "nbu"],
      ["2033-01-08", 43.9, "nbu"],
    ]);
    // The next round reads the ECB's 90 days and asks the NBU only from the day after its last stored one.
    banks.requests.length = 0;
    await updateRates(sources(), "2033-01-08");
    expect(banks.requests).toEqual([
      "/stats/eurofxref/eurofxref-hist-90d.xml",
      "/NBU_Exchange/exchange_site?start=20330109&end=20330109&valcode=eur&sort=exchangedate&order=asc&json=",
      "/api/exchangerates/tables/A/2032-10-08/2033-01-08/?format=json",
    ]);
  });

  it("keeps what one bank gave when the other fails, and stores a bank's correction of a day", async () => {
    banks.ecb.set("2034-02-01", { USD: 1.1 });
    banks.mode.nbu = "server-error";
    expect(await updateRates(sources(), "2034-02-01")).toBe(1);
    banks.ecb.set("2034-02-01", { USD: 1.11 });
    banks.mode.ecb = "malformed";
    banks.mode.nbu = "ok";
    banks.nbu.set("2034-02-01", 45);
    expect(await updateRates(sources(), "2034-02-01")).toBe(1);
    banks.mode.ecb = "ok";
    await updateRates(sources(), "2034-02-01");
    expect(conversion(rateTable(), "EUR", "USD", "2034-02-01")?.rate).toBe(1.11);
  });

  it("answers an unreachable bank with a logged miss, not an error", async () => {
    const closed = {
      ecbUrl: "http://127.0.0.1:9/",
      nbuUrl: "http://127.0.0.1:9/exchange",
      nbpUrl: "http://127.0.0.1:9/A",
    };
    await expect(updateRates(closed, "2035-03-03")).resolves.toBe(0);
  });
});

describe("the NBP's direct złoty rates", () => {
  it("stores table A per euro, so złoty per hryvnia is the NBP's own figure; asks only from the day after its last", async () => {
    banks.nbp.set("2036-04-01", { EUR: 4.2313, UAH: 0.0874, USD: 3.6512 });
    banks.nbp.set("2036-04-02", { EUR: 4.2301, UAH: 0.0877, USD: 3.6498 });
    banks.ecb.set("2036-04-02", { PLN: 4.25, USD: 1.16 });
    banks.nbu.set("2036-04-02", 48.6);
    // Two ECB rows, one NBU day, and three currencies on each of the NBP's two days.
    expect(await updateRates(sources(), "2036-04-02")).toBe(9);
    expect(conversion(rateTable(), "UAH", "PLN", "2036-04-03")).toMatchObject({ rateOn: "2036-04-02", source: "nbp" });
    expect(conversion(rateTable(), "UAH", "PLN", "2036-04-03")?.rate).toBeCloseTo(0.0877, 10);
    // The euro stays the ECB's.
    expect(conversion(rateTable(), "EUR", "PLN", "2036-04-03")).toMatchObject({ rate: 4.25, source: "ecb" });
    banks.requests.length = 0;
    await updateRates(sources(), "2036-04-03");
    expect(banks.requests.at(-1)).toBe("/api/exchangerates/tables/A/2036-04-03/2036-04-03/?format=json");
  });

  it("keeps the others' rates when the NBP fails or sends half a file", async () => {
    banks.ecb.set("2037-05-04", { USD: 1.2 });
    banks.nbp.set("2037-05-04", { EUR: 4.3, UAH: 0.09 });
    banks.mode.nbp = "server-error";
    expect(await updateRates(sources(), "2037-05-04")).toBe(1);
    banks.mode.nbp = "malformed";
    expect(await updateRates(sources(), "2037-05-04")).toBe(1);
    banks.mode.nbp = "ok";
    expect(await updateRates(sources(), "2037-05-04")).toBe(3);
  });
});

describe("the central banks' files", () => {
  it("refuses what is not the bank's format", () => {
    expect(() => parseEcbFile("<html><body>Maintenance</body></html>")).toThrow(RateFileError);
    expect(() => parseEcbFile("not xml <<<")).toThrow(RateFileError);
    expect(() => parseNbuFile('{"message":"Wrong parameters format"}')).toThrow(RateFileError);
    expect(() => parseNbuFile('[{"cc":"EUR","rate_per_unit":44,"exchangedate":"31.02.2024"}]')).toThrow(RateFileError);
    expect(parseNbuFile("[]")).toEqual([]);
    expect(() => parseNbpFile("400 BadRequest - Przekroczony limit 93 dni")).toThrow(RateFileError);
    expect(() => parseNbpFile('[{"table":"B","effectiveDate":"2026-11-25","rates":[]}]')).toThrow(RateFileError);
    expect(() => parseNbpFile('[{"table":"A","effectiveDate":"2026-02-30","rates":[]}]')).toThrow(RateFileError);
    expect(parseNbpFile("")).toEqual([]);
  });
});
