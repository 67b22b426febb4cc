import { expect, type Page } from "@playwright/test";
import { ingNlCsv } from "../../app/domain/statements/fixtures/ing-nl-csv";

/** One booking of an ING (Netherlands) CSV export, on a day of the current month. */
export interface IngBooking {
  day: number;
  name: string;
  /** "Af" for money out, "Bij" for money in. */
  direction: "Af" | "Bij";
  /** As ING writes it: decimal comma, dots between thousands. */
  amount: string;
  description: string;
  counterAccount?: string;
  /** ING's two-letter code and its words: "BA"/"Betaalautomaat" for a card payment (the default). */
  code?: string;
  kind?: string;
  /** "YYYY-MM"; absent: the current month. */
  month?: string;
}

export const currentMonth = new Date().toISOString().slice(0, 7);

/** The month before the current one, "YYYY-MM". */
export const previousMonth = (() => {
  const date = new Date(`${currentMonth}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 7);
})();

/** An ING export as the bank writes it: every cell quoted, semicolons, YYYYMMDD dates, CRLF line ends. */
export function ingCsv(bookings: IngBooking[]): Buffer {
  const own = "NL91ABNA0417164300";
  const rows = bookings.map((booking) => [
    `${(booking.month ?? currentMonth).replace("-", "")}${String(booking.day).padStart(2, "0")}`,
    booking.name,
    own,
    booking.counterAccount ?? "",
    booking.code ?? "BA",
    booking.direction,
    booking.amount,
    booking.kind ?? "Betaalautomaat",
    booking.description,
  ]);
  return Buffer.from(ingNlCsv(rows));
}

/** Uploads a statement on the import page (a plain form: it works before scripts run, and without them). */
export async function previewStatement(page: Page, file: { name: string; buffer: Buffer; mimeType?: string }) {
  await page.goto("/app/import");
  await page.getByLabel("Drop the file here or choose it").setInputFiles({ mimeType: "text/csv", ...file });
  await page.getByRole("button", { name: "Read the file" }).click();
}

/**
 * Confirms the preview and waits for the answer. The preview's own counts say "already imported", so waiting for any
 * text with "imported" in it lets a test move on before the rows are saved.
 */
export async function confirmImport(page: Page, rows: number) {
  await page.getByRole("button", { name: rows === 1 ? /^Import 1 row$/ : new RegExp(`^Import ${rows} rows$`) }).click();
  await expect(page.getByRole("heading", { name: "Imported", level: 2 })).toBeVisible();
}

/** A salary as ING writes it: a transfer in from the employer's account. */
export const ingSalary = (booking: Pick<IngBooking, "day" | "description"> & Partial<IngBooking>): IngBooking => ({
  name: "Werkgever BV",
  counterAccount: "NL20INGB0001234567",
  code: "OV",
  kind: "Overschrijving",
  direction: "Bij",
  amount: "3.000,00",
  ...booking,
});

/** The rent as ING writes it: a direct debit ("Incasso") by the housing association. */
export const ingRent = (booking: Pick<IngBooking, "day" | "description"> & Partial<IngBooking>): IngBooking => ({
  name: "Woonstichting",
  counterAccount: "NL44RABO0123456789",
  code: "IC",
  kind: "Incasso",
  direction: "Af",
  amount: "1.250,00",
  ...booking,
});
