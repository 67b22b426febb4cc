import { CheckIcon, CrownIcon, MinusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/upgrade";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatMoney } from "~/domain/money";
import { forLoader, requireAppContext } from "~/features/budget/app-context.server";
import { requireHouseholdAccess } from "~/features/budget/households.server";
import { AppErrorBoundary } from "~/features/budget/components/app-error-boundary";
import { useFormat } from "~/features/budget/components/use-app-shell";
import { cn } from "~/lib/cn";

export const handle = { i18n: ["app"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const access = await forLoader(() => requireHouseholdAccess({ userId: context.user.id, householdId: context.householdId }));
  return { plan: access.plan };
}

export const ErrorBoundary = AppErrorBoundary;

/** Free vs Premium as the design lists them; billing itself arrives with the plans issue. */
const rows: { key: string; free: boolean | string; premium: boolean | string }[] = [
  { key: "tracking", free: true, premium: true },
  { key: "categories", free: true, premium: true },
  { key: "customCategories", free: false, premium: true },
  { key: "goals", free: "upgrade.goalsFree", premium: "upgrade.goalsPremium" },
  { key: "reports", free: "upgrade.reportsFree", premium: "upgrade.reportsPremium" },
  { key: "export", free: false, premium: true },
  { key: "partners", free: false, premium: true },
  { key: "privacy", free: true, premium: true },
];

export default function Upgrade({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const cell = (value: boolean | string) =>
    typeof value === "string" ? (
      <span className="text-xs sm:text-sm">{t(value)}</span>
    ) : value ? (
      <CheckIcon aria-label={t("upgrade.included")} className="mx-auto size-5 text-emerald-700" />
    ) : (
      <MinusIcon aria-label={t("upgrade.notIncluded")} className="mx-auto size-5 text-muted-foreground" />
    );
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <title>{`${t("nav.upgrade")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("upgrade.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("upgrade.subtitle")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(["free", "premium"] as const).map((plan) => (
          <Card key={plan} className={cn("flex flex-col gap-4 p-6", plan === "premium" && "border-primary shadow-md")}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                {plan === "premium" && <CrownIcon aria-hidden="true" className="size-5 text-primary" />}
                {t(`upgrade.${plan}Name`)}
              </h2>
              {loaderData.plan === plan && <Badge variant="secondary">{t("upgrade.current")}</Badge>}
            </div>
            <p>
              <span className="text-3xl font-semibold tabular-nums">{formatMoney(plan === "free" ? 0 : 499, "EUR", format.language)}</span>
              <span className="text-sm text-muted-foreground"> {t("upgrade.perMonth")}</span>
            </p>
            <p className="text-sm text-muted-foreground">{t(`upgrade.${plan}Text`)}</p>
            {plan === "premium" && loaderData.plan !== "premium" && (
              <>
                <Button size="lg" disabled>
                  {t("upgrade.cta")}
                </Button>
                <p className="text-xs text-muted-foreground">{t("upgrade.preview")}</p>
              </>
            )}
          </Card>
        ))}
      </div>
      <Card className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{t("upgrade.compare")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-3 text-sm font-medium text-muted-foreground sm:p-4">
                {t("upgrade.feature")}
              </th>
              <th scope="col" className="p-3 text-center text-sm font-semibold sm:p-4">
                {t("upgrade.freeName")}
              </th>
              <th scope="col" className="p-3 text-center text-sm font-semibold text-primary sm:p-4">
                {t("upgrade.premiumName")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="p-3 text-sm font-medium sm:p-4">
                  {t(`upgrade.features.${row.key}`)}
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
