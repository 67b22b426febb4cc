import { createRequire } from "node:module";
import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { TFunction } from "~/i18n/translator";
import { categoryLabel } from "~/domain/categories";
import { toBcp47, type Language } from "~/domain/languages";
import { formatMoney, formatMoneyCompact, formatPercent } from "~/domain/money";
import { addMonths, formatMonth, formatMonthShort, monthRange, type MonthKey } from "~/domain/periods";
import { can } from "~/domain/plans";
import { summarize, type SummaryCard } from "~/domain/summary";
import { listCategories } from "~/features/entries/categories.server";
import { readMonthTotals, spendingByCategory } from "~/features/entries/dashboard.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { monthSharedCosts, type MonthSharedCosts } from "~/features/sharing/settle-up.server";
import { fileTranslator } from "./translator.server";

/** Months the report's chart shows, ending with the report's month. */
export const reportChartMonths = 6;

const require = createRequire(import.meta.url);
// DejaVu Sans covers every script of the eight languages (Latin with ł, ğ, ş, İ; Cyrillic), unlike the PDF base fonts.
const fonts = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

const colors = {
  text: "#1f2d2a",
  muted: "#5b6b67",
  border: "#dfe7e3",
  card: "#f4f7f5",
  brand: "#2f6f5e",
  income: "#2f7d5b",
  expense: "#c2620a",
  good: "#2f7d5b",
  bad: "#b42318",
};

export function reportFileName(month: MonthKey): string {
  return `samen-${month}.pdf`;
}

interface ReportData {
  householdName: string;
  currency: string;
  month: MonthKey;
  summary: ReturnType<typeof summarize>;
  chart: { month: MonthKey; incomeMinor: number; expenseMinor: number }[];
  categories: { label: string; color: string; totalMinor: number; share: number; change: number | null }[];
  /** Households of two or more: the month's shared costs per member and its settlements. */
  sharedCosts: MonthSharedCosts | null;
}

/** Everything the report shows, from month_total rows (one query for seven months) and the category list. */
async function readReport({
  userId,
  householdId,
  month,
  tApp,
  householdName,
  currency,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  tApp: TFunction<"app">;
  householdName: string;
  currency: string;
}): Promise<ReportData> {
  const first = addMonths(month, 1 - reportChartMonths);
  const [rows, categories, sharedCosts] = await Promise.all([
    readMonthTotals({ householdId, from: addMonths(first, -1), to: addMonths(month, 1) }),
    listCategories({ householdId }),
    monthSharedCosts({ userId, householdId, month }),
  ]);
  const byId = new Map(categories.map((item) => [item.id, item]));
  const figures = (key: MonthKey) => {
    let incomeMinor = 0;
    let expenseMinor = 0;
    for (const row of rows) {
      if (row.month !== key) continue;
      if (row.kind === "income") incomeMinor += row.totalMinor;
      else expenseMinor += row.totalMinor;
    }
    return { incomeMinor, expenseMinor };
  };
  const previous = addMonths(month, -1);
  return {
    householdName,
    currency,
    month,
    summary: summarize(figures(month), figures(previous)),
    chart: monthRange(first, month).map((key) => ({ month: key, ...figures(key) })),
    categories: spendingByCategory(
      rows,
      (key) => key === month,
      (key) => key === previous,
    ).map((item) => {
      const found = byId.get(item.categoryId);
      return {
        label: found ? categoryLabel(found, tApp) : tApp("categories.other"),
        color: found?.color ?? "#64748b",
        totalMinor: item.totalMinor,
        share: item.share,
        change: item.change,
      };
    }),
    sharedCosts,
  };
}

/** Draws the report: header, four cards, the income-vs-expenses chart, the category table, a footer on every page. */
function drawReport(
  doc: PDFKit.PDFDocument,
  data: ReportData,
  t: TFunction<"premium">,
  language: Language,
  createdOn: Date,
) {
  const money = (minor: number) => formatMoney(minor, data.currency, language);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 24;
  const monthName = formatMonth(data.month, language);
  const previousName = formatMonth(addMonths(data.month, -1), language);

  // Header
  doc.font("bold").fontSize(11).fillColor(colors.brand).text("Samen", left, doc.page.margins.top);
  doc
    .font("bold")
    .fontSize(22)
    .fillColor(colors.text)
    .text(t("exports.pdf.title", { month: monthName }), left, doc.y + 6, { width });
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(colors.muted)
    .text(data.householdName, left, doc.y + 2, { width });
  let y = doc.y + 20;

  // Cards: four in a row
  const gap = 10;
  const cardWidth = (width - gap * 3) / 4;
  const cardHeight = 88;
  const cards: { label: string; card: SummaryCard; value: string; change: string }[] = [
    {
      label: t("exports.pdf.cards.income"),
      card: data.summary.income,
      value: money(data.summary.income.value ?? 0),
      change: formatPercent(data.summary.income.change, language, { signed: true }),
    },
    {
      label: t("exports.pdf.cards.expenses"),
      card: data.summary.expenses,
      value: money(data.summary.expenses.value ?? 0),
      change: formatPercent(data.summary.expenses.change, language, { signed: true }),
    },
    {
      label: t("exports.pdf.cards.net"),
      card: data.summary.net,
      value: money(data.summary.net.value ?? 0),
      change: formatPercent(data.summary.net.change, language, { signed: true }),
    },
    {
      label: t("exports.pdf.cards.savingsRate"),
      card: data.summary.savingsRate,
      value: formatPercent(data.summary.savingsRate.value, language),
      change:
        data.summary.savingsRate.change === null
          ? "—"
          : t("exports.pdf.points", { value: formatPoints(data.summary.savingsRate.change, language) }),
    },
  ];
  cards.forEach((item, index) => {
    const x = left + index * (cardWidth + gap);
    doc.roundedRect(x, y, cardWidth, cardHeight, 6).fillAndStroke(colors.card, colors.border);
    const inner = cardWidth - 20;
    fitText(doc, item.label, { font: "regular", size: 8.5, maxWidth: inner })
      .fillColor(colors.muted)
      .text(item.label, x + 10, y + 10, { lineBreak: false });
    fitText(doc, item.value, { font: "bold", size: 13, maxWidth: inner })
      .fillColor(colors.text)
      .text(item.value, x + 10, y + 27, { lineBreak: false });
    const tone = item.card.changeIsGood === null ? colors.muted : item.card.changeIsGood ? colors.good : colors.bad;
    fitText(doc, item.change, { font: "regular", size: 8, maxWidth: inner })
      .fillColor(tone)
      .text(item.change, x + 10, y + 48, { lineBreak: false });
    doc.fillColor(colors.muted).text(t("exports.pdf.vs", { month: previousName }), x + 10, y + 60, {
      width: cardWidth - 20,
      height: 22,
      ellipsis: true,
    });
  });
  y += cardHeight + 28;

  // Chart: income and expenses per month, grouped bars with a few grid lines
  doc.font("bold").fontSize(13).fillColor(colors.text).text(t("exports.pdf.chartTitle"), left, y, { width });
  y = doc.y + 6;
  const legend = [
    { label: t("exports.pdf.legend.income"), color: colors.income },
    { label: t("exports.pdf.legend.expenses"), color: colors.expense },
  ];
  let legendX = left;
  for (const item of legend) {
    doc.rect(legendX, y + 2, 9, 9).fill(item.color);
    doc
      .font("regular")
      .fontSize(9)
      .fillColor(colors.muted)
      .text(item.label, legendX + 13, y, { lineBreak: false });
    legendX += 13 + doc.widthOfString(item.label) + 18;
  }
  y += 20;
  const axisWidth = 62;
  const chartHeight = 150;
  const plotLeft = left + axisWidth;
  const plotWidth = width - axisWidth;
  const maxValue = Math.max(1, ...data.chart.flatMap((point) => [point.incomeMinor, point.expenseMinor]));
  const step = niceStep(maxValue / 4);
  const top = Math.max(step, Math.ceil(maxValue / step) * step);
  for (let value = 0; value <= top; value += step) {
    const lineY = y + chartHeight - (value / top) * chartHeight;
    doc
      .moveTo(plotLeft, lineY)
      .lineTo(plotLeft + plotWidth, lineY)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    doc
      .font("regular")
      .fontSize(7.5)
      .fillColor(colors.muted)
      .text(formatMoneyCompact(value, data.currency, language), left, lineY - 4, {
        width: axisWidth - 8,
        align: "right",
        lineBreak: false,
      });
  }
  const slot = plotWidth / data.chart.length;
  const barWidth = Math.min(22, slot / 3);
  data.chart.forEach((point, index) => {
    const center = plotLeft + slot * index + slot / 2;
    const bars = [
      { value: point.incomeMinor, color: colors.income, x: center - barWidth - 1 },
      { value: point.expenseMinor, color: colors.expense, x: center + 1 },
    ];
    for (const bar of bars) {
      const height = (bar.value / top) * chartHeight;
      if (height > 0) doc.rect(bar.x, y + chartHeight - height, barWidth, height).fill(bar.color);
    }
    const label = formatMonthShort(point.month, language);
    doc
      .font(point.month === data.month ? "bold" : "regular")
      .fontSize(8)
      .fillColor(colors.text)
      .text(label, center - slot / 2, y + chartHeight + 5, { width: slot, align: "center", lineBreak: false });
  });
  y += chartHeight + 34;

  // Category table
  doc
    .font("bold")
    .fontSize(13)
    .fillColor(colors.text)
    .text(t("exports.pdf.categoriesTitle", { month: monthName }), left, y, { width });
  y = doc.y + 8;
  const columns = {
    category: left,
    amount: left + width * 0.5,
    share: left + width * 0.7,
    change: left + width * 0.84,
  };
  const drawTableHeader = () => {
    const headers = [
      { text: t("exports.pdf.table.category"), x: columns.category, width: width * 0.48, align: "left" as const },
      { text: t("exports.pdf.table.amount"), x: columns.amount, width: width * 0.18, align: "right" as const },
      { text: t("exports.pdf.table.share"), x: columns.share, width: width * 0.12, align: "right" as const },
      { text: t("exports.pdf.table.change"), x: columns.change, width: width * 0.16, align: "right" as const },
    ];
    for (const header of headers) {
      fitText(doc, header.text, { font: "bold", size: 8.5, maxWidth: header.width - 4 })
        .fillColor(colors.muted)
        .text(header.text, header.x, y, { width: header.width, align: header.align, lineBreak: false });
    }
    y += 14;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.75)
      .strokeColor(colors.border)
      .stroke();
    y += 6;
  };
  drawTableHeader();
  if (data.categories.length === 0) {
    doc.font("regular").fontSize(10).fillColor(colors.muted).text(t("exports.pdf.noExpenses"), left, y, { width });
    y = doc.y;
  }
  for (const row of data.categories) {
    if (y + 20 > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawTableHeader();
    }
    doc.circle(columns.category + 4, y + 5, 4).fill(row.color);
    doc
      .font("regular")
      .fontSize(10)
      .fillColor(colors.text)
      .text(row.label, columns.category + 14, y, { width: width * 0.36, lineBreak: false, ellipsis: true });
    doc.text(money(row.totalMinor), columns.amount, y, { width: width * 0.18, align: "right", lineBreak: false });
    doc.text(formatPercent(row.share, language), columns.share, y, {
      width: width * 0.12,
      align: "right",
      lineBreak: false,
    });
    doc.fillColor(colors.muted).text(formatPercent(row.change, language, { signed: true }), columns.change, y, {
      width: width * 0.16,
      align: "right",
      lineBreak: false,
    });
    // A thin bar under the row shows the share at a glance.
    doc.rect(columns.category + 14, y + 14, Math.max(1, (width * 0.84 - 14) * row.share), 2.5).fill(row.color);
    y += 24;
  }

  if (data.sharedCosts)
    drawSharedCosts(doc, data.sharedCosts, { t, money, language, monthName, left, width, top: y + 20, bottom });

  // Footer on every page
  const range = doc.bufferedPageRange();
  const created = new Intl.DateTimeFormat(toBcp47(language), { dateStyle: "long" }).format(createdOn);
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const footerY = doc.page.height - doc.page.margins.bottom - 10;
    doc.font("regular").fontSize(8).fillColor(colors.muted);
    doc.text(t("exports.pdf.footer", { date: created }), left, footerY, { width: width * 0.7, lineBreak: false });
    doc.text(t("exports.pdf.page", { page: index + 1, pages: range.count }), left + width * 0.7, footerY, {
      width: width * 0.3,
      align: "right",
      lineBreak: false,
    });
  }
}

/**
 * "Shared costs and settlements": the month's shared expenses and how they were split, each member's paid, share and
 * balance, what is still owed ("Pieter owes Sanne …") and the settlements recorded for the month. Totals only.
 */
function drawSharedCosts(
  doc: PDFKit.PDFDocument,
  costs: MonthSharedCosts,
  layout: {
    t: TFunction<"premium">;
    money: (minor: number) => string;
    language: Language;
    monthName: string;
    left: number;
    width: number;
    top: number;
    bottom: () => number;
  },
) {
  const { t, money, language, monthName, left, width, bottom } = layout;
  let y = layout.top;
  const room = (needed: number) => {
    if (y + needed <= bottom()) return;
    doc.addPage();
    y = doc.page.margins.top;
  };
  room(120);
  doc
    .font("bold")
    .fontSize(13)
    .fillColor(colors.text)
    .text(t("exports.pdf.shared.title", { month: monthName }), left, y, { width });
  y = doc.y + 4;
  doc
    .font("regular")
    .fontSize(9.5)
    .fillColor(colors.muted)
    .text(
      `${t("exports.pdf.shared.total", { amount: money(costs.totalMinor) })} · ${t(`exports.pdf.shared.methods.${costs.method}`)}`,
      left,
      y,
      { width },
    );
  y = doc.y + 8;

  const columns = [
    { text: t("exports.pdf.shared.member"), x: left, width: width * 0.4, align: "left" as const },
    { text: t("exports.pdf.shared.paid"), x: left + width * 0.4, width: width * 0.2, align: "right" as const },
    { text: t("exports.pdf.shared.share"), x: left + width * 0.6, width: width * 0.2, align: "right" as const },
    { text: t("exports.pdf.shared.balance"), x: left + width * 0.8, width: width * 0.2, align: "right" as const },
  ];
  for (const column of columns) {
    fitText(doc, column.text, { font: "bold", size: 8.5, maxWidth: column.width - 4 })
      .fillColor(colors.muted)
      .text(column.text, column.x, y, { width: column.width, align: column.align, lineBreak: false });
  }
  y += 14;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(colors.border)
    .stroke();
  y += 6;
  for (const member of costs.members) {
    room(20);
    const cells = [member.name, money(member.paidMinor), money(member.shareMinor), money(member.balanceMinor)];
    cells.forEach((text, index) => {
      const column = columns[index]!;
      doc
        .font("regular")
        .fontSize(10)
        .fillColor(index === 3 && member.balanceMinor < 0 ? colors.bad : colors.text)
        .text(text, column.x, y, {
          width: column.width - (index === 0 ? 8 : 0),
          align: column.align,
          lineBreak: false,
          ellipsis: true,
        });
    });
    y += 18;
  }
  y += 6;

  const lines: { text: string; bold?: boolean }[] = [];
  if (costs.owed.length > 0)
    for (const owed of costs.owed)
      lines.push({
        text: t("exports.pdf.shared.owes", { from: owed.fromName, to: owed.toName, amount: money(owed.amountMinor) }),
        bold: true,
      });
  else
    lines.push({
      text: costs.totalMinor === 0 ? t("exports.pdf.shared.noShared") : t("exports.pdf.shared.square"),
      bold: true,
    });
  const dateFormat = new Intl.DateTimeFormat(toBcp47(language), { dateStyle: "medium", timeZone: "UTC" });
  for (const settled of costs.settlements) {
    lines.push({
      text: t("exports.pdf.shared.settlement", {
        from: settled.fromName,
        to: settled.toName,
        amount: money(settled.amountMinor),
        date: dateFormat.format(new Date(settled.createdAt)),
      }),
    });
  }
  if (costs.settlements.length === 0) lines.push({ text: t("exports.pdf.shared.noSettlements") });
  for (const line of lines) {
    room(18);
    doc
      .font(line.bold ? "bold" : "regular")
      .fontSize(10)
      .fillColor(colors.text)
      .text(line.text, left, y, { width });
    y = doc.y + 4;
  }
}

/** Sets the font at `size`, or smaller (down to 60 %) so that a one-line text fits its box instead of wrapping. */
function fitText(
  doc: PDFKit.PDFDocument,
  text: string,
  { font, size, maxWidth }: { font: string; size: number; maxWidth: number },
) {
  let fitted = size;
  doc.font(font).fontSize(fitted);
  while (fitted > size * 0.6 && doc.widthOfString(text) > maxWidth) {
    fitted -= 0.5;
    doc.fontSize(fitted);
  }
  return doc;
}

/** A change of a rate in percentage points, signed: 0.058 → "+5.8". */
function formatPoints(change: number, language: Language): string {
  return new Intl.NumberFormat(toBcp47(language), { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(
    change * 100,
  );
}

/** A round step for the chart's grid (1, 2 or 5 times a power of ten, in cents). */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/**
 * The monthly report as a PDF built on the server in the reader's language: cards with the change against the
 * month before, income vs expenses for six months, spending by category, and for a household of two or more the
 * month's shared costs and settlements. Premium; partners may download it.
 */
export async function exportMonthlyReportPdf({
  userId,
  householdId,
  month,
  language,
  now = new Date(),
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  language: Language;
  now?: Date;
}): Promise<
  { ok: true; fileName: string; stream: ReadableStream<Uint8Array> } | { ok: false; error: "premiumRequired" }
> {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!can(access.plan, "export.report")) return { ok: false, error: "premiumRequired" };
  const [t, tApp] = await Promise.all([fileTranslator(language, "premium"), fileTranslator(language, "app")]);
  const data = await readReport({
    userId,
    householdId,
    month,
    tApp,
    householdName: access.household.name,
    currency: access.household.currency,
  });

  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 48, bottom: 48, left: 48, right: 48 },
    bufferPages: true,
    lang: toBcp47(language),
    displayTitle: true,
    info: {
      Title: t("exports.pdf.title", { month: formatMonth(month, language) }),
      Author: "Samen",
      Creator: "Samen",
      CreationDate: now,
    },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  drawReport(doc, data, t, language, now);
  doc.end();
  return { ok: true, fileName: reportFileName(month), stream: Readable.toWeb(doc) as ReadableStream<Uint8Array> };
}
