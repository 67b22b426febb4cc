import { PDFParse } from "pdf-parse";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { useTestDatabase } from "~/db/test-database";
import { formatMonthShort } from "~/domain/periods";
import { addPartner, seedBulkTransactions, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium, seedSubscription } from "../../../db/seed/premium";
import { HouseholdAccessError } from "~/features/household/errors";
import { createCustomCategory } from "~/features/custom-categories/custom-categories.server";
import { addTransaction } from "~/features/entries/transactions.server";
import { csvFileName, exportTransactionsCsv } from "./transactions-csv.server";
import { fileTranslator } from "./translator.server";
import { exportMonthlyReportPdf, reportFileName } from "./report-pdf.server";
import { exportSettlementsCsv } from "./settlements-csv.server";
import { markMonthSettled } from "~/features/sharing/settle-up.server";
import { choosePersonalPrivacy } from "~/features/household/personal-privacy.server";
import { insertEntries, type NewLine } from "~/features/entries/entry-writer.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { builtInCategory } from "~/domain/categories";
import { isUuid } from "~/lib/uuid";

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
    const custom = await createCustomCategory({
      userId: owner.id,
      householdId: household.id,
      kind: "expense",
      fields: { name: "Haustiere; Katze", color: "#2f7d5b", icon: "shapes" },
    });
    if (!custom.ok) throw new Error("no category");
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "income", category: "salary", amountMinor: 345000, occurredOn: "2026-11-25", description: "Gehalt" },
        {
          kind: "expense",
          category: "groceries",
          amountMinor: 4250,
          occurredOn: "2026-11-03",
          description: 'Markt "Süd", Obst\nund Gemüse',
        },
        {
          kind: "expense",
          category: "other",
          amountMinor: 1,
          occurredOn: "2026-10-31",
          description: "outside the range",
        },
      ],
    });
    await addTransaction({
      userId: owner.id,
      householdId: household.id,
      fields: {
        kind: "expense",
        amountMinor: 1999,
        occurredOn: "2026-11-30",
        description: "=cmd|' /C calc'!A0",
        categoryId: custom.categoryId,
      },
    });

    const result = await exportTransactionsCsv({
      userId: owner.id,
      householdId: household.id,
      range: { from: "2026-11-01", to: "2026-11-30" },
      language: "de",
      decimal: "locale",
    });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-transactions-2026-11.csv");
    const bytes = await readAll(result.stream);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    // The entry id column's header is English until its translations exist.
    expect(text.split("\r\n")[0]).toBe("Datum;Art;Kategorie;Beschreibung;Betrag;Währung;Buchungs-ID");

    const rows = parse(text, { delimiter: ";", bom: false }) as string[][];
    // Built-in categories are translated by the budget tool's namespace; custom names stay as typed.
    const category = await fileTranslator("de", "app");
    expect(rows.slice(1).map((row) => row.slice(0, 6))).toEqual([
      ["2026-11-03", "Ausgabe", category("categories.groceries"), 'Markt "Süd", Obst\nund Gemüse', "-42,50", "EUR"],
      ["2026-11-25", "Einnahme", category("categories.salary"), "Gehalt", "3450,00", "EUR"],
      ["2026-11-30", "Ausgabe", "Haustiere; Katze", "'=cmd|' /C calc'!A0", "-19,99", "EUR"],
    ]);
    // The last column names each row's entry.
    expect(rows.slice(1).every((row) => row.length === 7 && isUuid(row[6]))).toBe(true);
  });

  it("offers a decimal point instead (with commas between fields), and swaps a reversed range", async () => {
    const { owner, household } = await premiumHousehold();
    await seedTransactions({
      householdId: household.id,
      entries: [
        {
          kind: "expense",
          category: "housing",
          amountMinor: 135000,
          occurredOn: "2026-02-01",
          description: "Rent, February",
        },
      ],
    });
    const result = await exportTransactionsCsv({
      userId: owner.id,
      householdId: household.id,
      range: { from: "2026-03-31", to: "2026-01-01" },
      language: "de",
      decimal: "point",
    });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-transactions-2026-01-01_2026-03-31.csv");
    const rows = parse((await readAll(result.stream)).toString("utf8"), { bom: true }) as string[][];
    const category = await fileTranslator("de", "app");
    expect(rows[1]?.slice(0, 6)).toEqual([
      "2026-02-01",
      "Ausgabe",
      category("categories.housing"),
      "Rent, February",
      "-1350.00",
      "EUR",
    ]);
  });

  it("exports every row of a large range in keyset batches, in date order, without repeats", async () => {
    const { owner, household } = await premiumHousehold();
    await seedBulkTransactions({ householdId: household.id, count: 2500, from: "2025-01", to: "2025-12" });
    const result = await exportTransactionsCsv({
      userId: owner.id,
      householdId: household.id,
      range: { from: "2025-01-01", to: "2025-12-31" },
      language: "en",
      decimal: "locale",
      batchSize: 300,
    });
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
    expect(
      await exportTransactionsCsv({
        userId: owner.id,
        householdId: household.id,
        range,
        language: "en",
        decimal: "locale",
      }),
    ).toEqual({ ok: false, error: "premiumRequired" });
    expect(
      await exportMonthlyReportPdf({ userId: owner.id, householdId: household.id, month: "2026-11", language: "en" }),
    ).toEqual({ ok: false, error: "premiumRequired" });
    await seedSubscription({ householdId: household.id, cancelAtPeriodEnd: true });
    expect(
      await exportTransactionsCsv({
        userId: owner.id,
        householdId: household.id,
        range,
        language: "en",
        decimal: "locale",
      }),
    ).toMatchObject({ ok: true });
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    expect(
      await exportMonthlyReportPdf({ userId: partner.id, householdId: household.id, month: "2026-11", language: "en" }),
    ).toMatchObject({ ok: true });
    const stranger = await seedUser();
    await expect(
      exportTransactionsCsv({
        userId: stranger.id,
        householdId: household.id,
        range,
        language: "en",
        decimal: "locale",
      }),
    ).rejects.toEqual(new HouseholdAccessError("notFound"));
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
    const result = await exportMonthlyReportPdf({
      userId: owner.id,
      householdId: household.id,
      month: "2026-11",
      language: "de",
    });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-2026-11.pdf");
    const { text, bytes } = await pdfText(result.stream);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(text).toContain("Monatsbericht · November 2026");
    expect(text).toContain("Familie Müller");
    const category = await fileTranslator("de", "app");
    for (const label of [
      "Gesamteinnahmen",
      "Gesamtausgaben",
      "Nettobetrag",
      "Sparquote",
      category("categories.housing"),
      category("categories.groceries"),
    ])
      expect(text).toContain(label);
    // Cards: 3.300,00 € income, 1.510,50 € expenses, 1.789,50 € net (German number format).
    expect(text).toMatch(/3\.300,00\s€/);
    expect(text).toMatch(/1\.510,50\s€/);
    expect(text).toMatch(/1\.789,50\s€/);
    // The chart's six month labels end with November.
    const months = ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"].map((month) =>
      formatMonthShort(month, "de"),
    );
    expect(text).toContain(months.join(" "));
    // The savings rate moved from 60 % to 54.2 %: shown in percentage points.
    expect(text).toContain("-5,8 Pp.");
  });

  it("writes Ukrainian text in a font that has Cyrillic", async () => {
    const { owner, household } = await premiumHousehold({ locale: "ua" });
    await seedTransactions({
      householdId: household.id,
      entries: [{ kind: "expense", category: "groceries", amountMinor: 1000, occurredOn: "2026-11-09" }],
    });
    const result = await exportMonthlyReportPdf({
      userId: owner.id,
      householdId: household.id,
      month: "2026-11",
      language: "ua",
    });
    if (!result.ok) throw new Error("refused");
    const { text } = await pdfText(result.stream);
    expect(text).toContain("листопад 2026");
    expect(reportFileName("2026-11")).toBe("samen-2026-11.pdf");
    expect(csvFileName({ from: "2026-02-01", to: "2026-02-28" })).toBe("samen-transactions-2026-02.csv");
  });
});

describe("exports of a household of two", () => {
  /**
   * Sanne (owner) and Pieter (a partner who edits) in March 2026: a shared dinner Pieter paid, Sanne's shared groceries
   * and her personal haircut, and Pieter's personal gift, which he shows Sanne only as a category total.
   */
  async function couple() {
    const { owner: sanne, household } = await seedHousehold({ name: "Sanne", householdName: "Sanne & Pieter" });
    await seedPremium(household.id);
    const pieter = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: pieter.id, canEdit: true });
    await seedTransactions({
      householdId: household.id,
      userId: sanne.id,
      entries: [
        { kind: "income", category: "salary", amountMinor: 3000_00, occurredOn: "2026-03-01", description: "Salary" },
        {
          kind: "expense",
          category: "groceries",
          amountMinor: 120_00,
          occurredOn: "2026-03-05",
          description: "Weekly shop",
          shared: true,
        },
        { kind: "expense", category: "other", amountMinor: 35_00, occurredOn: "2026-03-06", description: "Haircut" },
      ],
    });
    await seedTransactions({
      householdId: household.id,
      userId: pieter.id,
      entries: [
        {
          kind: "expense",
          category: "leisure",
          amountMinor: 60_00,
          occurredOn: "2026-03-07",
          description: "Dinner out",
          shared: true,
        },
        {
          kind: "expense",
          category: "other",
          amountMinor: 80_00,
          occurredOn: "2026-03-08",
          description: "Secret gift",
        },
      ],
    });
    await choosePersonalPrivacy({ householdId: household.id, userId: pieter.id, personalInDetail: false });
    return { sanne, pieter, householdId: household.id };
  }
  const march = { from: "2026-03-01", to: "2026-03-31" } as const;

  async function csvRows(userId: string, householdId: string) {
    const result = await exportTransactionsCsv({
      userId,
      householdId,
      range: march,
      language: "en",
      decimal: "locale",
    });
    if (!result.ok) throw new Error("refused");
    const text = (await readAll(result.stream)).toString("utf8");
    return { text, rows: parse(text, { bom: true }) as string[][] };
  }

  it("CSV says whether each entry is shared or personal and who paid or received it, and never carries a hidden personal expense", async () => {
    const { sanne, pieter, householdId } = await couple();
    const { text, rows } = await csvRows(sanne.id, householdId);
    expect(rows[0]).toEqual([
      "Date",
      "Type",
      "Category",
      "Description",
      "Amount",
      "Currency",
      "Shared or personal",
      "Paid or received by",
      "Entry ID",
    ]);
    expect(rows.slice(1).map((row) => [row[3], row[6], row[7]])).toEqual([
      ["Salary", "Personal", "Sanne"],
      ["Weekly shop", "Shared", "Sanne"],
      ["Haircut", "Personal", "Sanne"],
      ["Dinner out", "Shared", "Pieter"],
    ]);
    expect(text).not.toContain("Secret gift");
    expect(text).not.toContain("-80.00");

    // Pieter reads his own personal expense, and Sanne's, which she shows in detail.
    const his = await csvRows(pieter.id, householdId);
    expect(his.rows.slice(1).map((row) => row[3])).toEqual([
      "Salary",
      "Weekly shop",
      "Haircut",
      "Dinner out",
      "Secret gift",
    ]);
  });

  it("keeps a partner's hidden entries out after they delete their account, and names them Former member", async () => {
    const { sanne, pieter, householdId } = await couple();
    await db().delete(user).where(eq(user.id, pieter.id));
    const { text, rows } = await csvRows(sanne.id, householdId);
    expect(rows.slice(1).map((row) => [row[3], row[7]])).toContainEqual(["Dinner out", "Former member"]);
    expect(text).not.toContain("Secret gift");
  });

  /** A split expense through the one writer; its own sharing and category are its first line's. */
  async function split(householdId: string, paidBy: string, description: string, lines: NewLine[]) {
    const [entry] = await insertEntries(db(), [
      {
        householdId,
        accountId: await everydayAccountId(householdId),
        kind: "expense",
        amountMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
        occurredOn: "2026-03-20",
        description,
        categoryId: lines[0]!.categoryId,
        createdBy: paidBy,
        shared: lines[0]!.shared,
        lines,
      },
    ]);
    return entry!.id;
  }
  const category = (key: string) => builtInCategory(key).id;

  it("CSV gives a split entry a row per line, each in its category with its sharing, carrying the entry's id", async () => {
    const { sanne, pieter, householdId } = await couple();
    const receipt = await split(householdId, sanne.id, "Supermarket", [
      { categoryId: category("groceries"), amountMinor: 80_00, shared: true },
      { categoryId: category("health"), amountMinor: 12_50, shared: false },
      { categoryId: category("leisure"), amountMinor: 7_50, shared: false, memberUserId: pieter.id },
    ]);
    const his = await csvRows(pieter.id, householdId);
    const lines = his.rows.slice(1).filter((row) => row[8] === receipt);
    expect(lines.map((row) => [row[0], row[1], row[2], row[3], row[4], row[6], row[7]])).toEqual([
      ["2026-03-20", "Expense", "Groceries", "Supermarket", "-80.00", "Shared", "Sanne"],
      ["2026-03-20", "Expense", "Health", "Supermarket", "-12.50", "Personal", "Sanne"],
      ["2026-03-20", "Expense", "Leisure", "Supermarket", "-7.50", "Personal", "Sanne"],
    ]);
    // An entry nobody split is still one row, with its own id.
    const ids = his.rows.slice(1).map((row) => row[8]);
    expect(ids.filter((id) => id !== receipt)).toHaveLength(5);
    expect(new Set(ids).size).toBe(6);

    // Pieter keeps his personal spending to totals: Sanne's export leaves out his line of her receipt, not the rest.
    const hers = await csvRows(sanne.id, householdId);
    expect(
      hers.rows
        .slice(1)
        .filter((row) => row[8] === receipt)
        .map((row) => row[4]),
    ).toEqual(["-80.00", "-12.50"]);
    expect(hers.text).not.toContain("-7.50");
  });

  it("CSV keeps a split's lines in order and whole across keyset batches", async () => {
    const { sanne, householdId } = await couple();
    const receipts: string[] = [];
    for (const description of ["First", "Second"])
      receipts.push(
        await split(householdId, sanne.id, description, [
          { categoryId: category("groceries"), amountMinor: 3_00, shared: true },
          { categoryId: category("health"), amountMinor: 2_00, shared: false },
          { categoryId: category("leisure"), amountMinor: 1_00, shared: true },
        ]),
      );
    const result = await exportTransactionsCsv({
      userId: sanne.id,
      householdId,
      range: march,
      language: "en",
      decimal: "point",
      batchSize: 2,
    });
    if (!result.ok) throw new Error("refused");
    const rows = (parse((await readAll(result.stream)).toString("utf8"), { bom: true }) as string[][]).slice(1);
    expect(rows).toHaveLength(4 + 6);
    const ours = rows.filter((row) => receipts.includes(row[8] ?? ""));
    expect(ours.map((row) => row[4])).toEqual(["-3.00", "-2.00", "-1.00", "-3.00", "-2.00", "-1.00"]);
  });

  it("gives the settlements of the range's months as their own CSV", async () => {
    const { sanne, pieter, householdId } = await couple();
    expect(await markMonthSettled({ userId: sanne.id, householdId, month: "2026-03" })).toMatchObject({ ok: true });
    const result = await exportSettlementsCsv({
      userId: pieter.id,
      householdId,
      range: march,
      language: "de",
      decimal: "locale",
    });
    if (!result.ok) throw new Error("refused");
    expect(result.fileName).toBe("samen-settlements-2026-03.csv");
    const rows = parse(result.body, { delimiter: ";", bom: true }) as string[][];
    expect(rows[0]).toEqual(["Monat", "Von", "An", "Betrag", "Währung", "Ausgeglichen am"]);
    // 180 € shared: Sanne paid 120, Pieter 60, so Pieter owed her 30.
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([["2026-03", "Pieter", "Sanne", "30,00", "EUR"]]);
    const april = await exportSettlementsCsv({
      userId: sanne.id,
      householdId,
      range: { from: "2026-04-01", to: "2026-04-30" },
      language: "en",
      decimal: "locale",
    });
    expect(april.ok && parse(april.body, { bom: true })).toHaveLength(1);
    const { household: free, owner } = await seedHousehold();
    expect(
      await exportSettlementsCsv({
        userId: owner.id,
        householdId: free.id,
        range: march,
        language: "en",
        decimal: "locale",
      }),
    ).toEqual({ ok: false, error: "premiumRequired" });
  });

  it("the PDF report adds the month's shared costs and settlements for two, and not for one", async () => {
    const { sanne, householdId } = await couple();
    const before = await exportMonthlyReportPdf({ userId: sanne.id, householdId, month: "2026-03", language: "en" });
    if (!before.ok) throw new Error("refused");
    const open = (await pdfText(before.stream)).text;
    expect(open).toContain("Shared costs and settlements in March 2026");
    expect(open).toContain("Pieter owes Sanne €30.00.");
    expect(open).toContain("No settlements recorded for this month.");
    // Category totals are fine; the hidden entry's own description never shows.
    expect(open).not.toContain("Secret gift");

    await markMonthSettled({ userId: sanne.id, householdId, month: "2026-03" });
    const after = await exportMonthlyReportPdf({ userId: sanne.id, householdId, month: "2026-03", language: "en" });
    if (!after.ok) throw new Error("refused");
    const settled = (await pdfText(after.stream)).text;
    expect(settled).toContain("Everyone is square for this month.");
    expect(settled).toMatch(/Settled on .+: Pieter paid Sanne €30\.00\./);

    const alone = await premiumHousehold();
    const single = await exportMonthlyReportPdf({
      userId: alone.owner.id,
      householdId: alone.household.id,
      month: "2026-03",
      language: "en",
    });
    if (!single.ok) throw new Error("refused");
    expect((await pdfText(single.stream)).text).not.toContain("Shared costs");
  });
});
