import CircleCheckIcon from "lucide-react/icons/circle-check";
import ScaleIcon from "lucide-react/icons/scale";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { ImportActionResult } from "../import-actions.server";

type Done = Extract<ImportActionResult, { ok: true; intent: "confirm" }>;

/** What the confirmation wrote, and whether the account now matches the bank's closing balance. */
export function ImportDone({ done, accountName }: { done: Done; accountName: string }) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const { reconciliation } = done;
  const entriesLink = done.month ? `/app/expenses?month=${done.month}` : "/app";
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" role="status">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <CircleCheckIcon aria-hidden="true" className="size-6 text-emerald-700" />
        {t("import.done.title")}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        <li className="font-medium">{t("import.done.text", { count: done.imported, account: accountName })}</li>
        {done.matched > 0 && <li>{t("import.done.matched", { count: done.matched })}</li>}
        {done.duplicates > 0 && <li>{t("import.done.duplicates", { count: done.duplicates })}</li>}
        {done.transfers > 0 && <li>{t("import.done.transfers", { count: done.transfers })}</li>}
      </ul>
      {reconciliation && (
        <p className="flex items-start gap-2 rounded-lg bg-secondary/60 p-3 text-sm">
          <ScaleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {reconciliation.bankMinor === reconciliation.oursMinor
            ? t("import.done.matches", {
                amount: format.money(reconciliation.bankMinor, reconciliation.currency),
                date: format.date(reconciliation.on),
              })
            : t("import.done.differs", {
                bank: format.money(reconciliation.bankMinor, reconciliation.currency),
                ours: format.money(reconciliation.oursMinor, reconciliation.currency),
                difference: format.money(
                  Math.abs(reconciliation.bankMinor - reconciliation.oursMinor),
                  reconciliation.currency,
                ),
                date: format.date(reconciliation.on),
              })}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to={entriesLink}>{t("import.done.view")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/app/import">{t("import.done.another")}</Link>
        </Button>
      </div>
    </Card>
  );
}
