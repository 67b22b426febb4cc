import CheckIcon from "lucide-react/icons/check";
import CrownIcon from "lucide-react/icons/crown";
import MinusIcon from "lucide-react/icons/minus";
import type { ReactNode } from "react";
import type { NamespaceKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/** A tick, a dash, or a key of the premium namespace. */
type Cell = boolean | NamespaceKey<"premium">;

/** The design's Plans table, row by row; each row's label is `plans.rows.<key>`. */
const rows = [
  { key: "tracking", free: true, premium: true },
  { key: "builtInCategories", free: true, premium: true },
  { key: "customCategories", free: false, premium: true },
  { key: "goals", free: "plans.cells.goalsFree", premium: "plans.cells.goalsPremium" },
  { key: "reports", free: "plans.cells.reportsFree", premium: "plans.cells.reportsPremium" },
  { key: "exports", free: false, premium: true },
  { key: "partners", free: false, premium: true },
  { key: "dataRights", free: true, premium: true },
] as const satisfies readonly { key: string; free: Cell; premium: Cell }[];

const planFeatures = {
  free: ["tracking", "builtInCategories", "goalsFree", "reportsFree", "dataRights"],
  premium: ["everythingFree", "customCategories", "goalsPremium", "reportsPremium", "exports", "partners"],
} as const;

/**
 * Free and Premium side by side, with prices from the translation text ("4,99 €" where a comma is the decimal
 * separator), then the full comparison table. `premiumAction` sits under the Premium card (button and terms).
 */
export function PlanComparison({ currentPlan, premiumAction }: { currentPlan: "free" | "premium"; premiumAction?: ReactNode }) {
  const { t } = useTranslation("premium");
  const cell = (value: Cell) =>
    typeof value === "string" ? (
      <span className="text-xs sm:text-sm">{t(value)}</span>
    ) : value ? (
      <CheckIcon role="img" aria-label={t("plans.included")} className="mx-auto size-5 text-success" />
    ) : (
      <MinusIcon role="img" aria-label={t("plans.notIncluded")} className="mx-auto size-5 text-muted-foreground" />
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        {(["free", "premium"] as const).map((plan) => (
          <Card key={plan} className={cn("flex flex-col gap-4 p-6", plan === "premium" && "border-primary shadow-md")} data-plan={plan}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                {plan === "premium" && <CrownIcon aria-hidden="true" className="size-5 text-primary" />}
                {t(`plans.${plan}.name`)}
              </h2>
              <div className="flex gap-2">
                {plan === "premium" && <Badge variant="accent">{t("plans.premium.badge")}</Badge>}
                {currentPlan === plan && <Badge variant="secondary">{t("plans.current")}</Badge>}
              </div>
            </div>
            <p>
              <span className="text-3xl font-semibold tabular-nums" data-price={plan}>
                {t(`plans.${plan}.price`)}
              </span>
              <span className="text-sm text-muted-foreground"> {t(`plans.${plan}.period`)}</span>
            </p>
            <p className="text-sm text-muted-foreground">{t(`plans.${plan}.tagline`)}</p>
            <ul className="flex flex-col gap-2 text-sm">
              {planFeatures[plan].map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  <span>{t(`plans.list.${feature}`)}</span>
                </li>
              ))}
            </ul>
            {plan === "premium" && premiumAction && <div className="mt-auto flex flex-col gap-3 pt-2">{premiumAction}</div>}
          </Card>
        ))}
      </div>
      <Card className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="px-4 pt-4 text-left text-base font-semibold">{t("plans.compare")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-3 text-sm font-medium text-muted-foreground sm:p-4">
                {t("plans.feature")}
              </th>
              <th scope="col" className="p-3 text-center text-sm font-semibold sm:p-4">
                {t("plans.free.name")}
              </th>
              <th scope="col" className="p-3 text-center text-sm font-semibold text-primary sm:p-4">
                {t("plans.premium.name")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="p-3 text-sm font-medium sm:p-4">
                  {t(`plans.rows.${row.key}`)}
                </th>
                <td className="p-3 text-center sm:p-4">{cell(row.free)}</td>
                <td className="p-3 text-center sm:p-4">{cell(row.premium)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
