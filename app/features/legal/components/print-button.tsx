import PrinterIcon from "lucide-react/icons/printer";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Browsers have no "save as PDF" API; their print dialog offers it, and the print stylesheet keeps only the document.
 * Only a script can open the dialog, so the button is disabled until the page's scripts run (a kept page asks for them
 * once painted): a click before then would do nothing and look broken.
 */
export function PrintButton() {
  const { t } = useTranslation("legal");
  const hintId = useId();
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4 print:hidden">
      <Button
        type="button"
        variant="outline"
        disabled={!hydrated}
        onClick={() => window.print()}
        aria-describedby={hintId}
      >
        <PrinterIcon aria-hidden="true" />
        {t("common.downloadPdf")}
      </Button>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("common.printHint")}
      </p>
    </div>
  );
}
