import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/settle-up";
import { forLoader, requestedMonth, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { MonthSwitcher } from "~/features/entries/components/month-switcher";
import { handleSettleUpAction } from "~/features/sharing/settle-up-actions.server";
import { getSettleUp } from "~/features/sharing/settle-up.server";
import { PremiumGate } from "~/features/billing/components/premium-gate";
import {
  CategorySharingForm,
  MonthBalance,
  SettlementHistory,
  SettleUpAlone,
  SharedAlertForm,
  ShareMethodForm,
} from "~/features/sharing/components/settle-up-view";
import { PageHeader } from "~/components/ui/page-header";

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
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        {together && <MonthSwitcher month={month} />}
      </PageHeader>
      {!view.ok ? (
        <PremiumGate feature="fairShare" allowed={false} />
      ) : together ? (
        <>
          <MonthBalance view={view} month={month} />
          {view.canWrite && <ShareMethodForm key={view.chosenMethod} view={view} month={month} />}
          {view.canWrite && <SharedAlertForm view={view} />}
          {view.canWrite && <CategorySharingForm />}
          <SettlementHistory history={view.history} />
        </>
      ) : (
        <SettleUpAlone />
      )}
    </div>
  );
}
