import { expect, test } from "@playwright/test";
import { languages, toBcp47 } from "../../app/domain/languages";
import { currencies, currencySymbol, formatMoney, formatMoneyCompact, pinnedSigns } from "../../app/domain/money";
import { visit } from "./marketing-support";

/**
 * The same amount looks the same on the server and in the browser: a page drawn by Node's ICU data must not change
 * when the browser's takes over (a hydration error). The browser takes the steps of app/domain/money.ts with its own
 * Intl and the module's pinned signs, for every language and currency, and each answer must equal the server's; a
 * sign the two ICUs disagree on shows here until it is pinned.
 */
test("server and browser write every amount alike in every language and currency", async ({ page }) => {
  await visit(page, "/");
  const amounts = [0, 5, 123456, -98765432, 1234500];
  const cases = languages.flatMap((language) =>
    currencies.map((currency) => ({ language, bcp47: toBcp47(language), currency })),
  );
  const browser = await page.evaluate(
    ({ cases, amounts, pinned }) => {
      const tags = new Map<string, string>(cases.map((item) => [item.language, item.bcp47]));
      const bcp47 = (language: string) => tags.get(language) ?? language;
      const write = (language: string, currency: string, major: number, options: Intl.NumberFormatOptions = {}) =>
        new Intl.NumberFormat(bcp47(language), { style: "currency", currency, ...options })
          .formatToParts(major)
          .map((part) => (part.type === "currency" ? (pinned[language]?.[currency] ?? part.value) : part.value))
          .join("");
      return cases.map(({ language, currency }) => ({
        money: amounts.map((minor) => write(language, currency, minor / 100)),
        compact: write(language, currency, 12345, { maximumFractionDigits: 0, minimumFractionDigits: 0 }),
        symbol:
          pinned[language]?.[currency] ??
          new Intl.NumberFormat(bcp47(language), { style: "currency", currency })
            .formatToParts(0)
            .find((part) => part.type === "currency")?.value ??
          currency,
      }));
    },
    { cases, amounts, pinned: Object.fromEntries(Object.entries(pinnedSigns)) },
  );
  const server = cases.map(({ language, currency }) => ({
    money: amounts.map((minor) => formatMoney(minor, currency, language)),
    compact: formatMoneyCompact(1234500, currency, language),
    symbol: currencySymbol(currency, language),
  }));
  const differences = cases.flatMap((item, index) =>
    JSON.stringify(server[index]) === JSON.stringify(browser[index])
      ? []
      : [
          `${item.language} ${item.currency}: server ${JSON.stringify(server[index])} browser ${JSON.stringify(browser[index])}`,
        ],
  );
  expect(differences).toEqual([]);
});
