import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { isIsoDate, type IsoDate } from "~/domain/periods";
import type { PublishedRate } from "~/domain/rates";

/**
 * Clients of the central banks' published rate files (decision 0026). Each answers rates per euro, or throws a
 * `RateFileError` when the file is missing, too big or not in the bank's format. Tests run them against local fakes
 * that answer in each bank's real format (tests/fakes/central-banks.ts).
 */

/**
 * Where the ECB keeps its reference rates: `eurofxref-hist-90d.xml` (the last 90 days, about 45 KB) and
 * `eurofxref-hist.xml` (every day since 1999, about 9 MB), every currency it publishes, per euro already.
 */
export const ecbDefaultUrl = "https://www.ecb.europa.eu/stats/eurofxref/";
/** The National Bank of Ukraine's official rates over a range of days: hryvnias per units of a currency. */
export const nbuDefaultUrl = "https://bank.gov.ua/NBU_Exchange/exchange_site";

/** The National Bank of Poland's API: its table A of mid rates, złoty per unit of some thirty currencies. */
export const nbpDefaultUrl = "https://api.nbp.pl/api/exchangerates/tables/A";

/** The ECB's whole history is the biggest file either bank sends; anything far bigger is not a rate file. */
const maxFileBytes = 16_000_000;
const timeoutMs = 30_000;

export class RateFileError extends Error {
  constructor(
    readonly bank: string,
    reason: string,
  ) {
    super(`${bank} rates: ${reason}`);
    this.name = "RateFileError";
  }
}

/** Aborted when the server stops, so a slow bank never holds up a shutdown. */
let stopping = new AbortController();

/** Ends every request to the banks under way (server shutdown); later ones run again. */
export function abortRateRequests(): void {
  stopping.abort();
  stopping = new AbortController();
}

async function fetchText(bank: string, url: string, { notFoundIsEmpty = false } = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
      headers: { accept: "*/*" },
    });
  } catch (error) {
    throw new RateFileError(bank, `unreachable (${error instanceof Error ? error.message : String(error)})`);
  }
  // The NBP answers 404 "Brak danych" (no data) for days it published nothing on, such as a weekend.
  if (notFoundIsEmpty && response.status === 404) {
    await response.body?.cancel();
    return "";
  }
  if (!response.ok) throw new RateFileError(bank, `HTTP ${response.status}`);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > maxFileBytes) throw new RateFileError(bank, "file too big");
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RateFileError(bank, `cut off (${error instanceof Error ? error.message : String(error)})`);
  }
  if (text.length > maxFileBytes) throw new RateFileError(bank, "file too big");
  return text;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  isArray: (name) => name === "Cube",
});

/**
 * A bank's file read as its syntax, then checked against its format: a `RateFileError` naming which of the two it is
 * not, so a maintenance page or a half-sent file is a logged miss, never a wrong rate.
 */
function readRateFile<Schema extends z.ZodType>(
  bank: string,
  text: string,
  syntax: "XML" | "JSON",
  schema: Schema,
  format: string,
): z.output<Schema> {
  let parsed: unknown;
  try {
    parsed = syntax === "XML" ? xml.parse(text) : JSON.parse(text);
  } catch {
    throw new RateFileError(bank, `not ${syntax}`);
  }
  const file = schema.safeParse(parsed);
  if (!file.success) throw new RateFileError(bank, `not the ${format} format`);
  return file.data;
}

const ecbCube = z.object({ currency: z.string().regex(/^[A-Z]{3}$/), rate: z.coerce.number().positive() });
const ecbDay = z.object({ time: z.string().refine(isIsoDate), Cube: z.array(ecbCube).default([]) });
const ecbFile = z.object({
  Envelope: z.object({ Cube: z.array(z.object({ Cube: z.array(ecbDay) })).length(1) }),
});

/** Parses the ECB's eurofxref XML (daily, 90-day or full history): `<Cube time="…"><Cube currency="USD" rate="1.05"/>`. */
export function parseEcbFile(text: string): PublishedRate[] {
  const file = readRateFile("ECB", text, "XML", ecbFile, "eurofxref");
  return (file.Envelope.Cube[0]?.Cube ?? []).flatMap((day) =>
    day.Cube.map((cube) => ({ currency: cube.currency, on: day.time, perEuro: cube.rate, source: "ecb" as const })),
  );
}

/** The ECB's last 90 days, or with `whole` every day since 1999 (a server's first update, to close the history's gap). */
export async function fetchEcbRates(baseUrl: string = ecbDefaultUrl, whole = false): Promise<PublishedRate[]> {
  const file = whole ? "eurofxref-hist.xml" : "eurofxref-hist-90d.xml";
  return parseEcbFile(await fetchText("ECB", new URL(file, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).href));
}

const nbuFile = z.array(
  z.object({
    cc: z.string(),
    // dd.mm.yyyy
    exchangedate: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
    rate_per_unit: z.number().positive(),
  }),
);

/**
 * Parses the NBU's JSON over a range of days (`exchange_site?start=…&end=…&valcode=eur&json`): one object a day,
 * `{"exchangedate":"27.11.2026","r030":978,"cc":"EUR","txt":"Євро","enname":"Euro","rate":48.1,"units":1,
 * "rate_per_unit":48.1,"group":"1","calcdate":"26.11.2026"}`: the hryvnia's rate per euro. An empty answer (days not
 * yet set) is no rate.
 */
export function parseNbuFile(text: string): PublishedRate[] {
  const file = readRateFile("NBU", text, "JSON", nbuFile, "exchange_site");
  return file
    .filter((row) => row.cc === "EUR")
    .map((row) => {
      const [day, month, year] = row.exchangedate.split(".");
      const on: IsoDate = `${year}-${month}-${day}`;
      if (!isIsoDate(on)) throw new RateFileError("NBU", "a date that does not exist");
      return { currency: "UAH", on, perEuro: row.rate_per_unit, source: "nbu" as const };
    });
}

/** The hryvnia per euro on every day from `from` through `through`, in one request. */
export async function fetchNbuRates(
  from: IsoDate,
  through: IsoDate,
  url: string = nbuDefaultUrl,
): Promise<PublishedRate[]> {
  const query = new URLSearchParams({
    start: from.replaceAll("-", ""),
    end: through.replaceAll("-", ""),
    valcode: "eur",
    sort: "exchangedate",
    order: "asc",
    json: "",
  });
  return parseNbuFile(await fetchText("NBU", `${url}?${query.toString()}`));
}

const nbpFile = z.array(
  z.object({
    table: z.literal("A"),
    effectiveDate: z.string().refine(isIsoDate),
    rates: z.array(z.object({ code: z.string().regex(/^[A-Z]{3}$/), mid: z.number().positive() })),
  }),
);

/**
 * Parses the NBP's table A over a range of days (`/tables/A/{start}/{end}/?format=json`): one table a working day,
 * `{"table":"A","no":"229/A/NBP/2026","effectiveDate":"2026-11-26","rates":[{"currency":"euro","code":"EUR",
 * "mid":4.2313},…]}`, złoty per unit. Stored per euro like every other source (złoty per euro, and each currency as
 * złoty per euro over złoty per unit), so one table's rates make the NBP's own direct rate again. Empty: no data.
 */
export function parseNbpFile(text: string): PublishedRate[] {
  if (text.trim() === "") return [];
  const file = readRateFile("NBP", text, "JSON", nbpFile, "table A");
  return file.flatMap((table) => {
    const zlotyPerEuro = table.rates.find((rate) => rate.code === "EUR")?.mid;
    if (zlotyPerEuro === undefined) return [];
    const on: IsoDate = table.effectiveDate;
    return [
      { currency: "PLN", on, perEuro: zlotyPerEuro, source: "nbp" as const },
      ...table.rates
        .filter((rate) => rate.code !== "EUR")
        .map((rate) => ({ currency: rate.code, on, perEuro: zlotyPerEuro / rate.mid, source: "nbp" as const })),
    ];
  });
}

/** The NBP answers at most 93 days of tables per request. */
export const nbpLongestRange = 93;

/** The NBP's tables from `from` through `through` (at most `nbpLongestRange` days apart), in one request. */
export async function fetchNbpRates(
  from: IsoDate,
  through: IsoDate,
  url: string = nbpDefaultUrl,
): Promise<PublishedRate[]> {
  return parseNbpFile(await fetchText("NBP", `${url}/${from}/${through}/?format=json`, { notFoundIsEmpty: true }));
}
