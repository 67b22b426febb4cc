import FileSpreadsheetIcon from "lucide-react/icons/file-spreadsheet";
import FileTextIcon from "lucide-react/icons/file-text";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { addDays, monthEnd, monthStart, type MonthKey } from "~/domain/periods";
import { PremiumGate } from "~/features/billing/components/premium-gate";
import { useFormat } from "~/features/household/components/use-app-shell";

/**
 * Export buttons for a report's range: the entries of the shown months as CSV and the last month's report as PDF.
 * Plain links to the download routes; free households see the gate instead.
 */
export function ReportExportButtons({ from, to }: { from: MonthKey; to: MonthKey }) {
  const { t } = useTranslation("premium");
  const format = useFormat();
  const csv = `/app/export/transactions.csv?from=${monthStart(from)}&to=${addDays(monthEnd(to), -1)}`;
  const pdf = `/app/export/report.pdf?month=${to}`;
  return (
    <PremiumGate feature="exports" compact>
      <div className="flex flex-wrap items-center gap-3" data-testid="report-exports">
        <Button asChild variant="outline" size="sm">
          <a href={csv} download>
            <FileSpreadsheetIcon aria-hidden="true" />
            {t("exports.buttons.csv")}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={pdf} download>
            <FileTextIcon aria-hidden="true" />
            {t("exports.buttons.pdf", { month: format.month(to) })}
          </a>
        </Button>
        <a href="/app/exports" className="text-sm text-primary underline-offset-4 hover:underline">
          {t("exports.buttons.more")}
        </a>
      </div>
    </PremiumGate>
  );
}
