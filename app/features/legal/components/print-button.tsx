import PrinterIcon from "lucide-react/icons/printer";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";

/** Browsers have no "save as PDF" API; their print dialog offers it, and the print stylesheet keeps only the document. */
export function PrintButton() {
  const { t } = useTranslation("legal");
  const hintId = useId();
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4 print:hidden">
      <Button type="button" variant="outline" onClick={() => window.print()} aria-describedby={hintId}>
        <PrinterIcon aria-hidden="true" />
        {t("common.downloadPdf")}
      </Button>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("common.printHint")}
      </p>
    </div>
  );
}
