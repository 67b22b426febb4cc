import { expect, test, type Page } from "@playwright/test";
import { formatMoney } from "../../app/domain/money";
import { baseAmountOf, RateTable, type PublishedRate } from "../../app/domain/rates";
import { publishSteadyRates, type FakeCentralBanks } from "../fakes/central-banks";
import { createVerifiedUser, lookAt } from "./fixtures";
import { plainSpaces } from "./marketing-support";

/**
 * Issue 24's journey: a household in złoty with a hryvnia card and a euro savings account imports a statement into
 * each and reads one dashboard in złoty. The server takes its rates from the fake ECB and NBU (playwright.config.ts),
 * which publish steady made-up rates; the test works the expected figures out from the same rates.
 */

const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);
const firstDay = `${month}-01`;

/** The rates the fake banks publish, read the way the server reads them. */
function publishedRates(): RateTable {
  const banks = { ecb: new Map(), nbu: new Map(), nbp: new Map() } as unknown as FakeCentralBanks;
  publishSteadyRates(banks);
  const rows: PublishedRate[] = [];
  for (const [on, rates] of banks.ecb)
    for (const [currency, perEuro] of Object.entries(rates)) rows.push({ currency, on, perEuro, source: "ecb" });
  for (const [on, perEuro] of banks.nbu) rows.push({ currency: "UAH", on, perEuro, source: "nbu" });
  // The NBP's table A, stored per euro as the server stores it (parseNbpFile).
  for (const [on, mids] of banks.nbp) {
    const zlotyPerEuro = mids.EUR ?? Number.NaN;
    rows.push({ currency: "PLN", on, perEuro: zlotyPerEuro, source: "nbp" });
    for (const [currency, mid] of Object.entries(mids))
      if (currency !== "EUR") rows.push({ currency, on, perEuro: zlotyPerEuro / mid, source: "nbp" });
  }
  return new RateTable(rows);
}

/** As the app writes an amount for an English reader. */
const money = (minor: number, currency: string) => plainSpaces(formatMoney(minor, currency, "en"));
const zloty = (minor: number) => money(minor, "PLN");

interface Booking {
  on: string;
  /** Signed, in minor units: below zero is money out. */
  amountMinor: number;
  name: string;
}

/** An OFX 2.2 bank statement in one currency, as banks export it. */
function ofx(currency: string, account: string, bookings: Booking[]): Buffer {
  const rows = bookings
    .map(
      (booking, index) => `
          <STMTTRN>
            <TRNTYPE>${booking.amountMinor < 0 ? "DEBIT" : "CREDIT"}</TRNTYPE>
            <DTPOSTED>${booking.on.replaceAll("-", "")}120000.000[+1:CET]</DTPOSTED>
            <TRNAMT>${(booking.amountMinor / 100).toFixed(2)}</TRNAMT>
            <FITID>${account}-${index + 1}</FITID>
            <NAME>${booking.name}</NAME>
          </STMTTRN>`,
    )
    .join("");
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>${today.replaceAll("-", "")}</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>1</TRNUID>
      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
      <STMTRS>
        <CURDEF>${currency}</CURDEF>
        <BANKACCTFROM><BANKID>0000</BANKID><ACCTID>${account}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>${firstDay.replaceAll("-", "")}</DTSTART>
          <DTEND>${today.replaceAll("-", "")}</DTEND>${rows}
        </BANKTRANLIST>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
`);
}

const zlotyBookings: Booking[] = [
  { on: firstDay, amountMinor: 8_500_00, name: "Pensja Listopad" },
  { on: today, amountMinor: -212_40, name: "Biedronka" },
];
const hryvniaBookings: Booking[] = [
  { on: firstDay, amountMinor: -1_250_00, name: "Silpo" },
  { on: today, amountMinor: -480_50, name: "Nova Poshta" },
];
const euroBookings: Booking[] = [{ on: today, amountMinor: 3_75, name: "Interest" }];

async function addAccount(page: Page, name: string, kind: string, currency: string) {
  await page.locator("#new-account summary").click();
  const form = page.locator("#new-account form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Kind", { exact: true }).selectOption({ label: kind });
  await form.getByLabel("Currency", { exact: true }).selectOption(currency);
  await form.getByRole("button", { name: "Add account" }).click();
  // The account's own card, not the toast: the toast of an account added just before may still show beside it.
  await expect(card(page, name)).toBeVisible();
}

const card = (page: Page, name: string) =>
  page.getByTestId("account-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

async function importInto(
  page: Page,
  accountName: string,
  file: { name: string; buffer: Buffer; mimeType?: string },
  rows: number,
) {
  await page.goto("/app/accounts");
  await card(page, accountName)
    .getByRole("link", { name: /Import a statement/ })
    .click();
  await page.getByLabel("Drop the file here or choose it").setInputFiles({ mimeType: "application/x-ofx", ...file });
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.getByRole("button", { name: rows === 1 ? /^Import 1 row$/ : new RegExp(`^Import ${rows} rows$`) }).click();
  await expect(page.getByRole("heading", { name: "Imported", level: 2 })).toBeVisible();
}

test("a household in złoty imports a hryvnia card and euro savings and reads one dashboard in złoty", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await createVerifiedUser(page.request, { name: "Olena Kovalenko" });
  // Premium for the third account (the free plan keeps the Everyday account and one savings account).
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);

  // The household counts in złoty: Settings shows what converts, and converts only when asked.
  await page.goto("/app/settings");
  const household = page.locator("form").filter({ has: page.getByLabel("Currency", { exact: true }) });
  await household.getByLabel("Currency", { exact: true }).selectOption("PLN");
  await household.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/currency\?to=PLN$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change to PLN");
  await expect(page.getByTestId("base-currency-preview")).toContainText(/Today's rate: 1 EUR = [\d.]+ PLN/);
  await lookAt(page, "currencies-preview");
  await page.getByRole("button", { name: "Convert to PLN" }).click();
  await expect(page.getByTestId("currency-converted")).toHaveText("Your household now counts in PLN.");

  // A hryvnia card and euro savings beside the Everyday account, which followed the household (it held nothing).
  await page.goto("/app/accounts");
  await addAccount(page, "Monobank", "Credit card", "UAH");
  await addAccount(page, "Oszczędności", "Savings account", "EUR");

  await importInto(
    page,
    "Everyday account",
    { name: "mbank.ofx", buffer: ofx("PLN", "PL61109010140000071219812874", zlotyBookings) },
    2,
  );
  await importInto(
    page,
    "Monobank",
    { name: "monobank.ofx", buffer: ofx("UAH", "UA213223130000026007233566001", hryvniaBookings) },
    2,
  );
  await importInto(
    page,
    "Oszczędności",
    { name: "revolut.ofx", buffer: ofx("EUR", "LT601010012345678901", euroBookings) },
    1,
  );

  // One dashboard in złoty: each entry at its own day's rate, from one day's table through the euro.
  const rates = publishedRates();
  const inZloty = (currency: string, bookings: Booking[], kind: "in" | "out") =>
    bookings
      .filter((booking) => (kind === "in" ? booking.amountMinor > 0 : booking.amountMinor < 0))
      .reduce(
        (sum, booking) =>
          sum +
          (baseAmountOf(rates, { amountMinor: Math.abs(booking.amountMinor), currency, occurredOn: booking.on }, "PLN")
            .baseAmountMinor ?? Number.NaN),
        0,
      );
  const income = inZloty("PLN", zlotyBookings, "in") + inZloty("EUR", euroBookings, "in");
  const expenses = inZloty("PLN", zlotyBookings, "out") + inZloty("UAH", hryvniaBookings, "out");
  await page.goto("/app");
  await expect(page.getByTestId("card-income").getByTestId("card-value")).toHaveText(zloty(income));
  await expect(page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText(zloty(expenses));
  await expect(page.getByTestId("entries-without-rate")).toHaveCount(0);
  // Each account in its own currency on the dashboard.
  const accounts = page.getByTestId("accounts-card");
  await expect(accounts).toContainText(money(-1_730_50, "UAH"));
  await lookAt(page, "currencies-dashboard");

  // The list shows a hryvnia entry in hryvnias, with what it counts for in złoty.
  await page.goto(`/app/expenses?month=${month}`);
  // The payee's name as people write it: "Silpo" on the statement is the chain Сільпо.
  const silpo = page.getByRole("link").filter({ hasText: /Silpo|Сільпо/ });
  await expect(silpo.getByTestId("entry-amount")).toHaveText(`−${money(1_250_00, "UAH")}`);
  await expect(silpo.getByTestId("entry-base-amount")).toHaveText(
    `−${zloty(baseAmountOf(rates, { amountMinor: 1_250_00, currency: "UAH", occurredOn: firstDay }, "PLN").baseAmountMinor!)}`,
  );
  await lookAt(page, "currencies-expenses");

  // Its page says which rate made it, and takes the bank's own rate.
  await page.goto((await silpo.getAttribute("href")) ?? "/app");
  await expect(page.getByTestId("entry-rate")).toContainText("1 UAH =");
  // Between złoty and hryvnia, the NBP's own direct rate (decision 0026).
  await expect(page.getByTestId("entry-rate")).toContainText("National Bank of Poland");
  await page.getByLabel("Your rate: 1 UAH in PLN").fill("0.1");
  await page.getByRole("button", { name: "Save rate" }).click();
  await expect(page.getByTestId("entry-rate")).toContainText(`${money(1_250_00, "UAH")} counts as ${zloty(125_00)}`);
  await expect(page.getByTestId("entry-rate")).toContainText("set by you");
  await lookAt(page, "currencies-entry");

  // The accounts page adds them up in złoty at today's rate, each also in its own currency.
  await page.goto("/app/accounts");
  await expect(card(page, "Monobank").getByTestId("account-base-balance")).toContainText("About");
  await expect(card(page, "Oszczędności").getByTestId("account-balance")).toHaveText(money(3_75, "EUR"));
  await lookAt(page, "currencies-accounts");
});

test("a card payment abroad shows what the shop charged beside what the card paid", async ({ page }) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Taras Traveller" });
  await page.goto("/app/accounts");
  await addAccount(page, "Monobank", "Savings account", "UAH");
  const statement = [
    '"Дата i час операції","Деталі операції","MCC","Сума в валюті картки (UAH)","Сума в валюті операції","Валюта","Курс","Сума комісій (UAH)","Сума кешбеку (UAH)","Залишок після операції"',
    `"${today.split("-").reverse().join(".")} 18:04:11","Booking.com","4722","-2412.40","-52.00","EUR","46.3923","0.00","0.00","1998.80"`,
  ].join("\n");
  await importInto(page, "Monobank", { name: "monobank.csv", mimeType: "text/csv", buffer: Buffer.from(statement) }, 1);
  await page.goto(`/app/expenses?month=${month}`);
  const booking = page.getByRole("link").filter({ hasText: "Booking.com" });
  await page.goto((await booking.getAttribute("href")) ?? "/app");
  await expect(page.getByTestId("entry-original")).toHaveText(
    `Paid abroad: ${money(52_00, "EUR")}, booked as ${money(2_412_40, "UAH")}.`,
  );
  // What the hotel charged in euros is what the household spent: the bank's own rate.
  await expect(page.getByTestId("entry-rate")).toContainText(
    `${money(2_412_40, "UAH")} counts as ${money(52_00, "EUR")}`,
  );
  await expect(page.getByTestId("entry-rate")).toContainText("your bank");
  await lookAt(page, "currencies-paid-abroad");
});
