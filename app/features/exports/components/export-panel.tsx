import FileSpreadsheetIcon from "lucide-react/icons/file-spreadsheet";
import FileTextIcon from "lucide-react/icons/file-text";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { numberSeparators } from "~/domain/money";
import { addDays, monthEnd, monthOf, monthStart, type IsoDate, type MonthKey } from "~/domain/periods";
import { PremiumGate } from "~/features/billing/components/premium-gate";
import { useEntrySharing } from "~/features/entries/components/use-budget-shell";
import { useFormat } from "~/features/household/components/use-app-shell";
import { cn } from "~/lib/cn";

const selectClass = "h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs";

/**
 * The two downloads: transactions of a chosen range as CSV, and a month's report as PDF. Plain GET forms to the
 * export routes, so the browser downloads the file itself (and it works without JavaScript). Free: the gate.
 * A household of two or more also gets the range's settlements as their own CSV (a second table, a second file).
 */
export function ExportPanel({ today, month, className }: { today: IsoDate; month?: MonthKey; className?: string }) {
  const { t } = useTranslation("premium");
  const format = useFormat();
  const id = useId();
  const current = month ?? monthOf(today);
  const { decimal } = numberSeparators(format.language);
  const together = useEntrySharing() !== null;
  return (
    <PremiumGate feature="exports" className={className}>
      <div className={cn("grid gap-4 lg:grid-cols-2", className)}>
        <Card>
          <CardHeader>
            <h2 className="flex items-center gap-2 text-base font-semibold leading-tight tracking-tight">
              <FileSpreadsheetIcon aria-hidden="true" className="size-4 text-primary" />
              {t("exports.panel.csvTitle")}
            </h2>
            <CardDescription>{t("exports.panel.csvText")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form method="get" action="/app/export/transactions.csv" className="flex flex-col gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${id}-from`}>{t("exports.panel.from")}</Label>
                  <Input id={`${id}-from`} type="date" name="from" defaultValue={monthStart(current)} required />
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${id}-to`}>{t("exports.panel.to")}</Label>
                  <Input id={`${id}-to`} type="date" name="to" defaultValue={addDays(monthEnd(current), -1)} required />
                </div>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-decimal`}>{t("exports.panel.decimal")}</Label>
                <select id={`${id}-decimal`} name="decimal" defaultValue="locale" className={selectClass}>
                  <option value="locale">{t("exports.panel.decimalLocale", { example: `1234${decimal}56` })}</option>
                  {decimal !== "." && (
                    <option value="point">{t("exports.panel.decimalPoint", { example: "1234.56" })}</option>
                  )}
                </select>
                <p className="text-xs text-muted-foreground">{t("exports.panel.decimalHint")}</p>
              </div>
              <div className="flex flex-wrap gap-3">
                <Button type="submit">{t("exports.panel.csvButton")}</Button>
                {together && (
                  <Button type="submit" variant="outline" formAction="/app/export/settlements.csv">
                    {t("exports.panel.settlementsButton")}
                  </Button>
                )}
              </div>
              {together && <p className="text-xs text-muted-foreground">{t("exports.panel.settlementsHint")}</p>}
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="flex items-center gap-2 text-base font-semibold leading-tight tracking-tight">
              <FileTextIcon aria-hidden="true" className="size-4 text-primary" />
              {t("exports.panel.pdfTitle")}
            </h2>
            <CardDescription>{t("exports.panel.pdfText")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form method="get" action="/app/export/report.pdf" className="flex flex-col gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-month`}>{t("exports.panel.month")}</Label>
                <Input
                  id={`${id}-month`}
                  type="month"
                  name="month"
                  defaultValue={current}
                  max={monthOf(today)}
                  required
                />
              </div>
              <Button type="submit" className="self-start">
                {t("exports.panel.pdfButton")}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </PremiumGate>
  );
}
