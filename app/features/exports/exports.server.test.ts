import { PDFParse } from "pdf-parse";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { formatMonthShort } from "~/domain/periods";
import { addPartner, seedBulkTransactions, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium, seedSubscription } from "../../../db/seed/premium";
import { BudgetAccessError } from "~/features/household/errors";
import { createCustomCategory } from "~/features/custom-categories/custom-categories.server";
import { addTransaction } from "~/features/budget/transactions.server";
import { csvFileName, exportTransactionsCsv } from "./transactions-csv.server";
import { fileTranslator } from "./translator.server";
import { exportMonthlyReportPdf, reportFileName } from "./report-pdf.server";

useTestDatabase();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function pdfText(stream: ReadableStream<Uint8Array>): Promise<{ text: string; bytes: Buffer }> {
  const bytes = await readAll(stream);
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return { text: (await parser.getText()).text, bytes };
  } finally {
    await parser.destroy();
  }
}

async function premiumHousehold(options: { locale?: "de" | "en" | "ua" } = {}) {
  const seeded = await seedHousehold({ householdName: "Familie Müller", locale: options.locale });
  await seedPremium(seeded.household.id);
  return seeded;
}

describe("CSV export", () => {
  it("streams UTF-8 with a BOM, a translated header, the reader's decimal comma with semicolons, and RFC 4180 quoting", async () => {
    const { owner, household } = await premiumHousehold();
    const custom = await createCustomCategory({ userId: owner.id, householdId: household.id, kind: "expense", fields: { name: "Haustiere; Katze", color: "#2f7d5b", icon: "shapes" } });
    if (!custom.ok) throw new Error("no category");
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "income", category: "salary", amountMinor: 345000, occurredOn: "2026-11-25", description: "Gehalt" },
        { kind: "expense", category: "groceries", amountMinor: 4250, occurredOn: "2026-11-03", description: 'Markt "Süd", Obst\nund Gemüse' },
        { kind: "expense", category: "other", amountMinor: 1, occurredOn: "2026-10-31", description: "outside the range" },
      ],
    });
    await addTransaction({ userId: owner.id, householdId: household.id, fields: { kind: "expense", amountMinor: 1999, occurredOn: "2026-11-30", description: "=cmd|' /C calc'!A0", categoryId: custom.categoryId } });

    const result = await exportTransactionsCsv({ userId: owner.id, householdId: household.id, range: { from: "2026-11-01", to: "2026-11-30" }, language: "de", decimal: "locale" });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-transactions-2026-11.csv");
    const bytes = await readAll(result.stream);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    expect(text.split("\r\n")[0]).toBe("Datum;Art;Kategorie;Beschreibung;Betrag;Währung");

    const rows = parse(text, { delimiter: ";", bom: false }) as string[][];
    // Built-in categories are translated by the budget tool's namespace; custom names stay as typed.
    const category = await fileTranslator("de", "app");
    expect(rows.slice(1)).toEqual([
      ["2026-11-03", "Ausgabe", category("categories.groceries"), 'Markt "Süd", Obst\nund Gemüse', "-42,50", "EUR"],
      ["2026-11-25", "Einnahme", category("categories.salary"), "Gehalt", "3450,00", "EUR"],
      ["2026-11-30", "Ausgabe", "Haustiere; Katze", "'=cmd|' /C calc'!A0", "-19,99", "EUR"],
    ]);
  });

  it("offers a decimal point instead (with commas between fields), and swaps a reversed range", async () => {
    const { owner, household } = await premiumHousehold();
    await seedTransactions({ householdId: household.id, entries: [{ kind: "expense", category: "housing", amountMinor: 135000, occurredOn: "2026-02-01", description: "Rent, February" }] });
    const result = await exportTransactionsCsv({ userId: owner.id, householdId: household.id, range: { from: "2026-03-31", to: "2026-01-01" }, language: "de", decimal: "point" });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-transactions-2026-01-01_2026-03-31.csv");
    const rows = parse((await readAll(result.stream)).toString("utf8"), { bom: true }) as string[][];
    const category = await fileTranslator("de", "app");
    expect(rows[1]).toEqual(["2026-02-01", "Ausgabe", category("categories.housing"), "Rent, February", "-1350.00", "EUR"]);
  });

  it("exports every row of a large range in keyset batches, in date order, without repeats", async () => {
    const { owner, household } = await premiumHousehold();
    await seedBulkTransactions({ householdId: household.id, count: 2500, from: "2025-01", to: "2025-12" });
    const result = await exportTransactionsCsv({ userId: owner.id, householdId: household.id, range: { from: "2025-01-01", to: "2025-12-31" }, language: "en", decimal: "locale", batchSize: 300 });
    if (!result.ok) throw new Error("refused");
    const rows = (parse((await readAll(result.stream)).toString("utf8"), { bom: true }) as string[][]).slice(1);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row[3])).size).toBe(2500);
    const dates = rows.map((row) => row[0] as string);
    expect(dates).toEqual([...dates].sort());
  });

  it("is premium: a free household is refused, a cancelled-but-paid one may, a partner may read, a stranger learns nothing", async () => {
    const { owner, household } = await seedHousehold();
    const range = { from: "2026-11-01", to: "2026-11-30" };
    expect(await exportTransactionsCsv({ userId: owner.id, householdId: household.id, range, language: "en", decimal: "locale" })).toEqual({ ok: false, error: "premiumRequired" });
    expect(await exportMonthlyReportPdf({ userId: owner.id, householdId: household.id, month: "2026-11", language: "en" })).toEqual({ ok: false, error: "premiumRequired" });
    await seedSubscription({ householdId: household.id, cancelAtPeriodEnd: true });
    expect(await exportTransactionsCsv({ userId: owner.id, householdId: household.id, range, language: "en", decimal: "locale" })).toMatchObject({ ok: true });
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    expect(await exportMonthlyReportPdf({ userId: partner.id, householdId: household.id, month: "2026-11", language: "en" })).toMatchObject({ ok: true });
    const stranger = await seedUser();
    await expect(exportTransactionsCsv({ userId: stranger.id, householdId: household.id, range, language: "en", decimal: "locale" })).rejects.toEqual(new BudgetAccessError("notFound"));
  });
});

describe("PDF report", () => {
  it("is a real PDF in the reader's language with the cards, the chart's months and the category table", async () => {
    const { owner, household } = await premiumHousehold({ locale: "de" });
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "income", category: "salary", amountMinor: 300000, occurredOn: "2026-10-25" },
        { kind: "expense", category: "housing", amountMinor: 120000, occurredOn: "2026-10-01" },
        { kind: "income", category: "salary", amountMinor: 330000, occurredOn: "2026-11-25" },
        { kind: "expense", category: "housing", amountMinor: 120000, occurredOn: "2026-11-01" },
        { kind: "expense", category: "groceries", amountMinor: 31050, occurredOn: "2026-11-09" },
      ],
    });
    const result = await exportMonthlyReportPdf({ userId: owner.id, householdId: household.id, month: "2026-11", language: "de" });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-2026-11.pdf");
    const { text, bytes } = await pdfText(result.stream);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(text).toContain("Monatsbericht · November 2026");
    expect(text).toContain("Familie Müller");
    const category = await fileTranslator("de", "app");
    for (const label of ["Gesamteinnahmen", "Gesamtausgaben", "Nettobetrag", "Sparquote", category("categories.housing"), category("categories.groceries")]) expect(text).toContain(label);
    // Cards: 3.300,00 € income, 1.510,50 € expenses, 1.789,50 € net (German number format).
    expect(text).toMatch(/3\.300,00\s€/);
    expect(text).toMatch(/1\.510,50\s€/);
    expect(text).toMatch(/1\.789,50\s€/);
    // The chart's six month labels end with November.
    const months = ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"].map((month) => formatMonthShort(month, "de"));
    expect(text).toContain(months.join(" "));
    // The savings rate moved from 60 % to 54.2 %: shown in percentage points.
    expect(text).toContain("-5,8 Pp.");
  });

  it("writes Ukrainian text in a font that has Cyrillic", async () => {
    const { owner, household } = await premiumHousehold({ locale: "ua" });
    await seedTransactions({ householdId: household.id, entries: [{ kind: "expense", category: "groceries", amountMinor: 1000, occurredOn: "2026-11-09" }] });
    const result = await exportMonthlyReportPdf({ userId: owner.id, householdId: household.id, month: "2026-11", language: "ua" });
    if (!result.ok) throw new Error("refused");
    const { text } = await pdfText(result.stream);
    expect(text).toContain("листопад 2026");
    expect(reportFileName("2026-11")).toBe("samen-2026-11.pdf");
    expect(csvFileName({ from: "2026-02-01", to: "2026-02-28" })).toBe("samen-transactions-2026-02.csv");
  });
});
