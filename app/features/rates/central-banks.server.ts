import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { isIsoDate, type IsoDate } from "~/domain/periods";
import type { PublishedRate } from "~/domain/rates";

/**
 * Clients of the central banks' published rate files (decision 0026). Each answers rates per euro, or throws a
 * `RateFileError` when the file is missing, too big or not in the bank's format. Tests run them against local fakes
 * that answer in each bank's real format (tests/fakes/central-banks.ts).
 */

/** The ECB's reference rates of the last 90 days: one file, every currency it publishes, per euro already. */
export const ecbDefaultUrl = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml";
/** The National Bank of Ukraine's official rates of one day: hryvnias per unit of each currency. */
export const nbuDefaultUrl = "https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange";

/** A rate file is a few kilobytes; anything far bigger is not one. */
const maxFileBytes = 2_000_000;
const timeoutMs = 15_000;

export class RateFileError extends Error {
  constructor(
    readonly bank: string,
    reason: string,
  ) {
    super(`${bank} rates: ${reason}`);
    this.name = "RateFileError";
  }
}

async function fetchText(bank: string, url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "*/*" } });
  } catch (error) {
    throw new RateFileError(bank, `unreachable (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw new RateFileError(bank, `HTTP ${response.status}`);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > maxFileBytes) throw new RateFileError(bank, "file too big");
  const text = await response.text();
  if (text.length > maxFileBytes) throw new RateFileError(bank, "file too big");
  return text;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  isArray: (name) => name === "Cube",
});

const ecbCube = z.object({ currency: z.string().regex(/^[A-Z]{3}$/), rate: z.coerce.number().positive() });
const ecbDay = z.object({ time: z.string().refine(isIsoDate), Cube: z.array(ecbCube).default([]) });
const ecbFile = z.object({
  Envelope: z.object({ Cube: z.array(z.object({ Cube: z.array(ecbDay) })).length(1) }),
});

/** Parses the ECB's eurofxref XML (daily, 90-day or full history): `<Cube time="…"><Cube currency="USD" rate="1.05"/>`. */
export function parseEcbFile(text: string): PublishedRate[] {
  let parsed: unknown;
  try {
    parsed = xml.parse(text);
  } catch {
    throw new RateFileError("ECB", "not XML");
  }
  const file = ecbFile.safeParse(parsed);
  if (!file.success) throw new RateFileError("ECB", "not the eurofxref format");
  return (file.data.Envelope.Cube[0]?.Cube ?? []).flatMap((day) =>
    day.Cube.map((cube) => ({ currency: cube.currency, on: day.time, perEuro: cube.rate, source: "ecb" as const })),
  );
}

export async function fetchEcbRates(url: string = ecbDefaultUrl): Promise<PublishedRate[]> {
  return parseEcbFile(await fetchText("ECB", url));
}

const nbuFile = z.array(
  z.object({
    cc: z.string(),
    rate: z.number().positive(),
    // dd.mm.yyyy
    exchangedate: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
  }),
);

/**
 * Parses the NBU's JSON of one day: `[{"r030":978,"txt":"Євро","rate":48.1,"cc":"EUR","exchangedate":"27.11.2026"}]`.
 * The euro's row is the hryvnia's rate per euro; the other rows are the same table seen from Kyiv, which the ECB's
 * file gives from Frankfurt. An empty answer (a day not yet published) is no rate.
 */
export function parseNbuFile(text: string): PublishedRate[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RateFileError("NBU", "not JSON");
  }
  const file = nbuFile.safeParse(parsed);
  if (!file.success) throw new RateFileError("NBU", "not the statdirectory/exchange format");
  return file.data
    .filter((row) => row.cc === "EUR")
    .map((row) => {
      const [day, month, year] = row.exchangedate.split(".");
      const on: IsoDate = `${year}-${month}-${day}`;
      if (!isIsoDate(on)) throw new RateFileError("NBU", "a date that does not exist");
      return { currency: "UAH", on, perEuro: row.rate, source: "nbu" as const };
    });
}

export async function fetchNbuRates(on: IsoDate, url: string = nbuDefaultUrl): Promise<PublishedRate[]> {
  const query = new URLSearchParams({ date: on.replaceAll("-", ""), json: "" });
  return parseNbuFile(await fetchText("NBU", `${url}?${query.toString()}`));
}
