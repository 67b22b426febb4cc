import { describe, expect, it } from "vitest";
import { importIdentities } from "./import-identity";
import { planImport, summarisePlan, type OpenTransfer } from "./import-plan";
import type { StatementRow } from "./statement";

const checking = { id: "acc-checking", iban: "NL91ABNA0417164300", currency: "EUR" };
const savings = { id: "acc-savings", iban: "NL02ABNA0123456789", currency: "EUR" };
const hryvnia = { id: "acc-mono", iban: "UA213223130000026007233566001", currency: "UAH" };
/** 1 EUR = 45 UAH, on every day but Christmas: a stand-in for the rate table. */
const convert = (amountMinor: number, from: string, to: string, on: string) =>
  on.endsWith("-12-25") ? undefined : Math.round(amountMinor * (from === "EUR" && to === "UAH" ? 45 : 1 / 45));
const row = (fields: Partial<StatementRow>): StatementRow => ({
  bookedOn: "2026-11-02",
  amountMinor: -320,
  description: "Koffie",
  line: 2,
  ...fields,
});

function plan(rows: StatementRow[], existingKeys = new Set<string>(), openTransfers: OpenTransfer[] = []) {
  return planImport({
    accountId: checking.id,
    currency: "EUR",
    rows,
    keys: importIdentities(rows),
    existingKeys,
    ownAccounts: [checking, savings, hryvnia],
    openTransfers,
    convert,
  });
}

describe("planImport", () => {
  it("marks rows imported before as duplicates and keeps identical rows of one file apart", () => {
    const coffee = row({});
    const first = plan([coffee, coffee]);
    expect(first.map((planned) => planned.status)).toEqual(["new", "new"]);
    const again = plan([coffee, coffee, coffee], new Set(first.map((planned) => planned.key)));
    expect(again.map((planned) => planned.status)).toEqual(["duplicate", "duplicate", "new"]);
  });

  it("recognises money to an own account by its IBAN, in any spacing", () => {
    const [planned] = plan([
      row({ amountMinor: -50_000, counterpartyIban: "nl02 abna 0123 4567 89", description: "Sparen" }),
    ]);
    expect(planned).toMatchObject({ status: "transfer", otherAccountId: savings.id, otherAmountMinor: 50_000 });
  });

  it("estimates the other side of a transfer to an account in another currency at the published rate", () => {
    const [sent, christmas] = plan([
      row({ amountMinor: -20_000, counterpartyIban: hryvnia.iban }),
      row({ amountMinor: -20_000, counterpartyIban: hryvnia.iban, bookedOn: "2026-12-25" }),
    ]);
    expect(sent).toMatchObject({ status: "transfer", otherAccountId: hryvnia.id, otherAmountMinor: 900_000 });
    // No rate, no estimate: the row stays an entry rather than a transfer of an invented amount.
    expect(christmas?.status).toBe("new");
  });

  it("matches the other half of a transfer between currencies although the amounts differ, within 5 %", () => {
    // Recorded from the hryvnia card's statement: 9,000 UAH arrived... from this euro account, which sent 204 EUR.
    const open = (id: string, amountMinor: number): OpenTransfer => ({
      id,
      fromAccountId: checking.id,
      toAccountId: hryvnia.id,
      amountMinor,
      toAmountMinor: 900_000,
      occurredOn: "2026-11-01",
      betweenCurrencies: true,
      sideTaken: false,
    });
    const sent = row({ amountMinor: -20_400, counterpartyIban: hryvnia.iban, bookedOn: "2026-11-02" });
    expect(plan([sent], new Set(), [open("near", 20_000)])[0]).toMatchObject({
      status: "transfer-matched",
      transferId: "near",
    });
    // Of two on the same day, the closer amount; beyond 5 % it is another transfer.
    expect(plan([sent], new Set(), [open("far", 19_500), open("near", 20_300)])[0]).toMatchObject({
      transferId: "near",
    });
    expect(plan([sent], new Set(), [open("far", 19_000)])[0]?.status).toBe("transfer");
    // Within one currency the amount must be exact, as before.
    const saved = { ...sent, counterpartyIban: savings.iban };
    const withinEuro = { ...open("same", 20_300), toAccountId: savings.id, toAmountMinor: 20_300 };
    expect(plan([saved], new Set(), [{ ...withinEuro, betweenCurrencies: false }])[0]?.status).toBe("transfer");
  });

  it("matches the second half of a transfer already recorded from the other account, within a few days, once", () => {
    const open: OpenTransfer = {
      id: "t1",
      fromAccountId: savings.id,
      toAccountId: checking.id,
      amountMinor: 50_000,
      toAmountMinor: 50_000,
      occurredOn: "2026-10-31",
      betweenCurrencies: false,
      sideTaken: false,
    };
    const incoming = row({
      amountMinor: 50_000,
      counterpartyIban: savings.iban,
      bookedOn: "2026-11-02",
      reference: "A",
    });
    const secondIncoming = row({
      amountMinor: 50_000,
      counterpartyIban: savings.iban,
      bookedOn: "2026-11-02",
      reference: "B",
    });
    const result = plan([incoming, secondIncoming], new Set(), [open]);
    expect(result.map((planned) => planned.status)).toEqual(["transfer-matched", "transfer"]);
    expect(
      plan([row({ amountMinor: 50_000, counterpartyIban: savings.iban, bookedOn: "2026-11-20" })], new Set(), [open])[0]
        ?.status,
    ).toBe("transfer");
    expect(summarisePlan(result)).toEqual({ rows: 2, new: 0, duplicates: 0, transfers: 2, matched: 0 });
  });

  it("treats the account's own IBAN as no transfer", () => {
    expect(plan([row({ counterpartyIban: checking.iban })])[0]?.status).toBe("new");
  });

  it("links a new row to an entry of the same amount and direction within four days, each entry once", () => {
    const entries = [
      { id: "typed", kind: "expense" as const, amountMinor: 320, occurredOn: "2026-11-03" },
      { id: "income", kind: "income" as const, amountMinor: 320, occurredOn: "2026-11-03" },
    ];
    const rows = [row({ bookedOn: "2026-11-05" }), row({ bookedOn: "2026-11-05" }), row({ bookedOn: "2026-11-08" })];
    const result = planImport({
      accountId: checking.id,
      currency: "EUR",
      convert,
      rows,
      keys: importIdentities(rows),
      existingKeys: new Set(),
      ownAccounts: [checking],
      openTransfers: [],
      openEntries: entries,
    });
    expect(result.map((planned) => planned.status)).toEqual(["entry-matched", "new", "new"]);
    expect(result[0]).toMatchObject({ entryId: "typed", key: importIdentities(rows)[0] });
    expect(summarisePlan(result)).toMatchObject({ new: 2, matched: 1 });
  });

  it("pairs the closest dates first, whatever the file's order", () => {
    const rows = [row({ bookedOn: "2026-11-01" }), row({ bookedOn: "2026-11-06" })];
    const result = planImport({
      accountId: checking.id,
      currency: "EUR",
      convert,
      rows,
      keys: importIdentities(rows),
      existingKeys: new Set(),
      ownAccounts: [checking],
      openTransfers: [],
      openEntries: [{ id: "typed", kind: "expense", amountMinor: 320, occurredOn: "2026-11-05" }],
    });
    expect(result.map((planned) => planned.status)).toEqual(["new", "entry-matched"]);
  });
});
