import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/settle-up";
import { forLoader, requestedMonth, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { MonthSwitcher } from "~/features/budget/components/month-switcher";
import { handleSettleUpAction } from "~/features/sharing/settle-up-actions.server";
import { getSettleUp } from "~/features/sharing/settle-up.server";
import { PremiumGate } from "~/features/billing/components/premium-gate";
import { MonthBalance, SettlementHistory, SettleUpAlone, SharedAlertForm, ShareMethodForm } from "~/features/sharing/components/settle-up-view";

export const handle = { i18n: ["app", "sharing", "premium"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const month = requestedMonth(request, context.today);
  const view = await forLoader(() => getSettleUp({ userId: context.user.id, householdId: context.householdId, month }));
  return { month, view };
}

export async function action({ request }: Route.ActionArgs) {
  return handleSettleUpAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

/** Settle up (money-in.md, "Two people"): who owes whom for a month's shared expenses, and the settlements made. */
export default function SettleUpPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("sharing");
  const { t: tApp } = useTranslation("app");
  const { month, view } = loaderData;
  // Fair share is premium: a free household meets what it does and the way to upgrade.
  const together = view.ok && view.members.length > 1;
  return (
    <div className="flex flex-col gap-5">
      <title>{`${tApp("nav.settleUp")} · Samen`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        {together && <MonthSwitcher month={month} />}
      </div>
      {!view.ok ? (
        <PremiumGate feature="fairShare" allowed={false} />
      ) : together ? (
        <>
          <MonthBalance view={view} month={month} />
          {view.canWrite && <ShareMethodForm key={view.chosenMethod} view={view} month={month} />}
          {view.canWrite && <SharedAlertForm view={view} />}
          <SettlementHistory history={view.history} />
        </>
      ) : (
        <SettleUpAlone />
      )}
    </div>
  );
}
