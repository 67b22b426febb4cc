import CheckIcon from "lucide-react/icons/check";
import CrownIcon from "lucide-react/icons/crown";
import MinusIcon from "lucide-react/icons/minus";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { comparisonRows, includesRow } from "~/domain/plan-comparison";
import { planLimits, type Plan } from "~/domain/plans";
import { cn } from "~/lib/cn";

const planFeatures = {
  free: [
    "tracking",
    "builtInCategories",
    "statementImport",
    "budgets",
    "rulesFree",
    "goalsFree",
    "reportsFree",
    "dataRights",
  ],
  premium: [
    "everythingFree",
    "unlimited",
    "customCategories",
    "goalsPremium",
    "reportsPremium",
    "exports",
    "partners",
    "fairShare",
  ],
} as const;

/**
 * Free and Premium side by side, with prices from the translation text ("4,99 €" where a comma is the decimal
 * separator), then the full comparison table. `premiumAction` sits under the Premium card (button and terms).
 */
export function PlanComparison({
  currentPlan,
  premiumAction,
}: {
  currentPlan: "free" | "premium";
  premiumAction?: ReactNode;
}) {
  const { t } = useTranslation("premium");
  const cell = (row: (typeof comparisonRows)[number], plan: Plan) =>
    "described" in row ? (
      <span className="block text-xs leading-snug sm:text-sm">
        {t(`plans.cells.${row.key}${plan === "free" ? "Free" : "Premium"}`, { ...planLimits(plan) })}
      </span>
    ) : includesRow(plan, row) ? (
      <CheckIcon role="img" aria-label={t("plans.included")} className="mx-auto size-5 text-success" />
    ) : (
      <MinusIcon role="img" aria-label={t("plans.notIncluded")} className="mx-auto size-5 text-muted-foreground" />
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        {(["free", "premium"] as const).map((plan) => (
          <Card
            key={plan}
            className={cn("flex flex-col gap-4 p-6", plan === "premium" && "border-primary shadow-md")}
            data-plan={plan}
          >
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
                  <span>{t(`plans.list.${feature}`, { ...planLimits(plan) })}</span>
                </li>
              ))}
            </ul>
            {plan === "premium" && premiumAction && (
              <div className="mt-auto flex flex-col gap-3 pt-2">{premiumAction}</div>
            )}
          </Card>
        ))}
      </div>
      <Card className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="px-4 pt-4 text-left text-base font-semibold">{t("plans.compare")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="px-2 py-3 text-xs font-medium text-muted-foreground sm:p-4 sm:text-sm">
                {t("plans.feature")}
              </th>
              <th scope="col" className="px-2 py-3 text-center text-xs font-semibold sm:p-4 sm:text-sm">
                {t("plans.free.name")}
              </th>
              <th scope="col" className="px-2 py-3 text-center text-xs font-semibold text-primary sm:p-4 sm:text-sm">
                {t("plans.premium.name")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {comparisonRows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-2 py-3 text-xs font-medium sm:p-4 sm:text-sm">
                  {t(`plans.rows.${row.key}`)}
                </th>
                <td className="px-2 py-3 text-center sm:p-4">{cell(row, "free")}</td>
                <td className="px-2 py-3 text-center sm:p-4">{cell(row, "premium")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
