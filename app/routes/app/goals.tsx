import TargetIcon from "lucide-react/icons/target";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/goals";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CreatePanel, useCreatePanel } from "~/components/ui/create-panel";
import { showToast } from "~/components/ui/toast";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { FormError } from "~/components/ui/field-error";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { handleGoalAction } from "~/features/goals/goal-actions.server";
import { listGoals, listRecentContributions } from "~/features/goals/goals.server";
import { GoalCard } from "~/features/goals/components/goal-card";
import { GoalFormFields } from "~/features/goals/components/goal-form";

export const handle = { i18n: ["app"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const base = { userId: context.user.id, householdId: context.householdId };
  const [goals, history] = await forLoader(() =>
    Promise.all([listGoals({ ...base, today: context.today }), listRecentContributions(base)]),
  );
  return {
    goals: goals.goals,
    canCreate: goals.canCreate,
    canUseDeadline: goals.canUseDeadline,
    accounts: goals.accounts,
    history,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleGoalAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

export default function Goals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const create = useFetcher<typeof action>();
  const { panelRef, formRef, close } = useCreatePanel();
  const active = loaderData.goals.filter((goal) => !goal.archived);
  const archived = loaderData.goals.filter((goal) => goal.archived);
  const createErrors = create.data && !create.data.ok ? create.data.fieldErrors : undefined;
  // A form posted without JavaScript comes back as the page's action data.
  const plainErrors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;

  useEffect(() => {
    if (create.state === "idle" && create.data?.ok) {
      close();
      showToast({ title: t("goals.toastCreated"), variant: "success" });
    }
  }, [create.state, create.data, t, close]);

  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("nav.goals")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("goals.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("goals.subtitle")}</p>
      </div>
      <FormError message={plainErrors?.form ?? plainErrors?.amount ?? plainErrors?.name ?? plainErrors?.target} />

      {shell.household.canWrite && loaderData.canCreate && (
        <CreatePanel
          ref={panelRef}
          id="new-goal"
          title={t("goals.create")}
          hint={t("goals.createHint")}
          open={active.length === 0}
        >
          <create.Form
            ref={formRef}
            method="post"
            action="/app/goals"
            className="flex flex-col gap-4 border-t p-5"
            noValidate
          >
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="householdId" value={shell.household.id} />
            <GoalFormFields
              errors={createErrors}
              showDeadline={loaderData.canUseDeadline}
              accounts={loaderData.accounts}
            />
            <FormError message={createErrors?.form} />
            <Button type="submit" disabled={create.state !== "idle"} className="sm:self-start">
              {t("goals.createButton")}
            </Button>
          </create.Form>
        </CreatePanel>
      )}

      {active.length === 0 && !shell.household.canWrite && (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <TargetIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t("goals.empty")}</p>
        </Card>
      )}

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {active.map((goal) => (
          <GoalCard
            key={goal.id}
            goal={goal}
            history={loaderData.history.filter((item) => item.goalId === goal.id)}
            canUseDeadline={loaderData.canUseDeadline}
            accounts={loaderData.accounts}
          />
        ))}
      </div>

      {archived.length > 0 && (
        <section className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {t("goals.archivedTitle")}
          </h2>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {archived.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                history={loaderData.history.filter((item) => item.goalId === goal.id)}
                canUseDeadline={loaderData.canUseDeadline}
                accounts={loaderData.accounts}
              />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
