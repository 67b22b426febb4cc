// Fake ECB and NBU rate services that answer in each bank's published format:
// - ECB: GET /stats/eurofxref/eurofxref-hist.xml (every day) and eurofxref-hist-90d.xml (the last 90 days): the gesmes
//   envelope with one <Cube time> per TARGET day, newest first, each holding <Cube currency rate/> per euro;
// - NBU: GET /NBU_Exchange/exchange_site?start=YYYYMMDD&end=YYYYMMDD&valcode=eur&sort=exchangedate&order=asc&json, a
//   JSON array of the days' official rates (hryvnias per `units` of the currency, r030 code, Ukrainian and English
//   names, dd.mm.yyyy dates); days not yet set are simply absent;
// - NBP: GET /api/exchangerates/tables/A/{start}/{end}/?format=json, a JSON array of table A per working day (złoty per
//   unit, "mid"), 404 "Brak danych" when the range holds no table, 400 when it spans more than 93 days.
// Tests switch either to failing (HTTP 500, a truncated file) at run time. Run as a script (browser tests), it
// publishes steady made-up rates for every working day of the last 400 days.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeBankMode = "ok" | "server-error" | "malformed";

export interface FakeCentralBanks {
  /** The ECB's folder: ECB_RATES_URL. */
  ecbUrl: string;
  /** NBU_RATES_URL. */
  nbuUrl: string;
  /** NBP_RATES_URL. */
  nbpUrl: string;
  /** Per day: currency → units per euro, as the ECB publishes. */
  ecb: Map<string, Record<string, number>>;
  /** Per day: hryvnias per euro, as the NBU publishes. */
  nbu: Map<string, number>;
  /** Per day: currency → złoty per unit, as the NBP's table A gives it. */
  nbp: Map<string, Record<string, number>>;
  mode: { ecb: FakeBankMode; nbu: FakeBankMode; nbp: FakeBankMode };
  requests: string[];
  close(): Promise<void>;
}

function ecbXml(days: [string, Record<string, number>][]): string {
  const cubes = days
    .sort(([a], [b]) => b.localeCompare(a))
    .map(
      ([time, rates]) =>
        `\t\t<Cube time="${time}">\n${Object.entries(rates)
          .map(([currency, rate]) => `\t\t\t<Cube currency="${currency}" rate="${rate}"/>`)
          .join("\n")}\n\t\t</Cube>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}

const compact = (date: string) => date.replaceAll("-", "");
const dotted = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export function startFakeCentralBanks(port = 0): Promise<FakeCentralBanks> {
  const ecb = new Map<string, Record<string, number>>();
  const nbu = new Map<string, number>();
  const nbp = new Map<string, Record<string, number>>();
  const mode: FakeCentralBanks["mode"] = { ecb: "ok", nbu: "ok", nbp: "ok" };
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    const ecbFile = /^\/stats\/eurofxref\/(eurofxref-hist(?:-90d)?\.xml)$/.exec(url.pathname)?.[1];
    if (ecbFile) {
      if (mode.ecb === "server-error") return send(500, "text/html", "<h1>Internal Server Error</h1>");
      const newest = [...ecb.keys()].sort().at(-1) ?? "";
      const since = new Date(Date.parse(`${newest || "2000-01-01"}T00:00:00Z`) - 90 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const days = [...ecb.entries()].filter(([day]) => ecbFile === "eurofxref-hist.xml" || day > since);
      const xml = ecbXml(days);
      return send(200, "text/xml", mode.ecb === "malformed" ? xml.slice(0, xml.length / 2) : xml);
    }
    if (url.pathname === "/NBU_Exchange/exchange_site") {
      if (mode.nbu === "server-error") return send(500, "text/html", "<h1>500</h1>");
      const start = url.searchParams.get("start") ?? "";
      const end = url.searchParams.get("end") ?? "";
      if (!/^\d{8}$/.test(start) || !/^\d{8}$/.test(end) || url.searchParams.get("valcode") !== "eur")
        return send(200, "application/json; charset=utf-8", "[]");
      const body = JSON.stringify(
        [...nbu.entries()]
          .filter(([day]) => compact(day) >= start && compact(day) <= end)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([day, rate]) => ({
            exchangedate: dotted(day),
            r030: 978,
            cc: "EUR",
            txt: "Євро",
            enname: "Euro",
            rate,
            units: 1,
            rate_per_unit: rate,
            group: "1",
            calcdate: dotted(day),
          })),
      );
      return send(200, "application/json; charset=utf-8", mode.nbu === "malformed" ? body.slice(0, 20) : body);
    }
    const nbpRange = /^\/api\/exchangerates\/tables\/A\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\/?$/.exec(
      url.pathname,
    );
    if (nbpRange) {
      if (mode.nbp === "server-error") return send(500, "text/html", "<h1>500</h1>");
      const [, start = "", end = ""] = nbpRange;
      if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > 92)
        return send(
          400,
          "text/plain",
          "400 BadRequest - Przekroczony limit 93 dni / Limit of 93 days has been exceeded",
        );
      const tables = [...nbp.entries()]
        .filter(([day]) => day >= start && day <= end)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, rates], index) => ({
          table: "A",
          no: `${String(index + 1).padStart(3, "0")}/A/NBP/${day.slice(0, 4)}`,
          effectiveDate: day,
          rates: Object.entries(rates).map(([code, mid]) => ({ currency: code.toLowerCase(), code, mid })),
        }));
      if (tables.length === 0) return send(404, "text/plain", "404 NotFound - Not Found - Brak danych");
      const body = JSON.stringify(tables);
      return send(200, "application/json; charset=utf-8", mode.nbp === "malformed" ? body.slice(0, 30) : body);
    }
    send(404, "text/plain", "Not found");
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${bound}`;
      resolve({
        ecbUrl: `${origin}/stats/eurofxref/`,
        nbuUrl: `${origin}/NBU_Exchange/exchange_site`,
        nbpUrl: `${origin}/api/exchangerates/tables/A`,
        ecb,
        nbu,
        nbp,
        mode,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** Steady made-up rates for every working day of the last `days` days (and tomorrow's hryvnia), for browser tests. */
export function publishSteadyRates(banks: FakeCentralBanks, today: Date = new Date(), days = 400): void {
  for (let back = days; back >= -1; back--) {
    const date = new Date(today.getTime() - back * 86_400_000);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const on = date.toISOString().slice(0, 10);
    const wobble = 1 + Math.sin(back / 9) / 200;
    if (back >= 0)
      banks.ecb.set(on, {
        USD: +(1.16 * wobble).toFixed(4),
        PLN: +(4.25 * wobble).toFixed(4),
        CHF: +(0.93 * wobble).toFixed(4),
        GBP: +(0.87 * wobble).toFixed(5),
        CZK: +(24.3 * wobble).toFixed(3),
        SEK: +(11.0 * wobble).toFixed(4),
        TRY: +(48.5 * wobble).toFixed(4),
        JPY: +(176.9 * wobble).toFixed(2),
      });
    banks.nbu.set(on, +(48.2 * wobble).toFixed(4));
    if (back >= 0) banks.nbp.set(on, { EUR: +(4.25 * wobble).toFixed(4), UAH: +((4.25 / 48.2) * wobble).toFixed(4) });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const banks = await startFakeCentralBanks(Number(process.env.FAKE_PORT ?? 0));
  publishSteadyRates(banks);
  console.log(`fake ECB, NBU and NBP on ${banks.ecbUrl}, ${banks.nbuUrl} and ${banks.nbpUrl}`);
}
