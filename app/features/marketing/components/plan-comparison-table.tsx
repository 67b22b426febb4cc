import CheckIcon from "lucide-react/icons/check";
import MinusIcon from "lucide-react/icons/minus";
import { useTranslation } from "~/i18n/react";
import { comparisonRows, includesRow } from "~/domain/plan-comparison";
import { planLimits, type Plan } from "~/domain/plans";
import { cn } from "~/lib/cn";

const columns = ["free", "premium"] as const satisfies readonly Plan[];

/** The pricing page's full comparison under the two plan cards: every row of the design's Plans table. */
export function PlanComparisonTable() {
  const { t } = useTranslation("marketing");
  const cell = (row: (typeof comparisonRows)[number], plan: Plan) =>
    "described" in row ? (
      <span className="block text-xs leading-snug sm:text-sm">
        {t(`pricing.compare.cells.${row.key}${plan === "free" ? "Free" : "Premium"}`, { ...planLimits(plan) })}
      </span>
    ) : includesRow(plan, row) ? (
      <CheckIcon role="img" aria-label={t("pricing.compare.included")} className="mx-auto size-5 text-primary" />
    ) : (
      <MinusIcon
        role="img"
        aria-label={t("pricing.compare.notIncluded")}
        className="mx-auto size-5 text-muted-foreground"
      />
    );
  return (
    <section aria-labelledby="compare-title" className="mx-auto mt-16 max-w-4xl sm:mt-20">
      <h2 id="compare-title" className="text-balance text-center text-2xl font-semibold tracking-tight sm:text-3xl">
        {t("pricing.compare.title")}
      </h2>
      <div className="mt-8 overflow-x-auto rounded-3xl border bg-card shadow-sm">
        <table aria-labelledby="compare-title" className="w-full text-left" data-testid="plan-comparison">
          <thead>
            <tr className="border-b">
              <th
                scope="col"
                className="px-2 py-3 text-xs font-medium text-muted-foreground sm:px-6 sm:py-4 sm:text-sm"
              >
                {t("pricing.compare.feature")}
              </th>
              {columns.map((plan) => (
                <th
                  key={plan}
                  scope="col"
                  className={cn(
                    "w-1/4 px-2 py-3 text-center text-xs font-semibold sm:px-6 sm:py-4 sm:text-sm",
                    plan === "premium" && "text-primary",
                  )}
                >
                  {t(`pricing.${plan}.name`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {comparisonRows.map((row) => (
              <tr key={row.key} data-row={row.key}>
                <th scope="row" className="px-2 py-3 text-xs font-medium sm:px-6 sm:py-4 sm:text-sm">
                  {t(`pricing.compare.rows.${row.key}`)}
                </th>
                {columns.map((plan) => (
                  <td key={plan} className="px-2 py-3 text-center sm:px-6 sm:py-4">
                    {cell(row, plan)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
