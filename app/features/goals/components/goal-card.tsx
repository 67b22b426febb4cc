import ArchiveIcon from "lucide-react/icons/archive";
import ArchiveRestoreIcon from "lucide-react/icons/archive-arrow-up";
import CalendarIcon from "lucide-react/icons/calendar";
import HistoryIcon from "lucide-react/icons/rotate-ccw-clock";
import MinusIcon from "lucide-react/icons/minus";
import PencilIcon from "lucide-react/icons/pencil";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import PlusIcon from "lucide-react/icons/plus";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConflictNotice, useRowConflict, VersionInput } from "~/components/ui/conflict-notice";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/components/ui/toast";
import { currencySymbol, numberSeparators } from "~/domain/money";
import { cn } from "~/lib/cn";
import { FieldError, FormError } from "~/components/ui/field-error";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { handleGoalAction } from "../goal-actions.server";
import { useAccountName } from "~/features/money-accounts/components/account-kind";
import { GoalFormFields, type FollowableAccount } from "./goal-form";
import { GoalProgress } from "./goal-progress";

export interface GoalCardData {
  id: string;
  name: string;
  targetMinor: number;
  savedMinor: number;
  deadline: string | null;
  accountId: string | null;
  /** The account whose balance is the saved amount, as it is named now. */
  account: FollowableAccount | null;
  archived: boolean;
  progress: number;
  reached: boolean;
  needed: { perMonthMinor: number; months: number; overdue: boolean } | null;
  /** The row version the edit form saves with (features/platform/row-version.server.ts). */
  version: string;
}

export interface ContributionData {
  id: string;
  goalId: string;
  amountMinor: number;
  occurredOn: string;
}

/** A <details> section: opens without JavaScript, stays accessible, and keeps the card calm when closed. */
function Expander({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className="group/expander border-t pt-3" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
        {icon}
        {label}
      </summary>
      <div className="pt-4">{children}</div>
    </details>
  );
}

/**
 * One goal: progress, deadline and the monthly amount still needed; add or withdraw money; edit, archive,
 * history. Each form is a fetcher form, a plain POST without JavaScript.
 */
export function GoalCard({
  goal,
  history,
  canUseDeadline,
  accounts,
}: {
  goal: GoalCardData;
  history: ContributionData[];
  canUseDeadline: boolean;
  /** The accounts the goal may follow. */
  accounts: readonly FollowableAccount[];
}) {
  const { t } = useTranslation("app");
  const accountName = useAccountName();
  const format = useFormat();
  const shell = useAppShell();
  const id = useId();
  const money = useFetcher<typeof handleGoalAction>();
  const edit = useFetcher<typeof handleGoalAction>();
  const archive = useFetcher<typeof handleGoalAction>();
  const amountRef = useRef<HTMLInputElement>(null);
  const { decimal } = numberSeparators(format.language);
  const canWrite = shell.household.canWrite;

  useEffect(() => {
    const result = money.data;
    if (money.state !== "idle" || !result?.ok || result.amountMinor === undefined) return;
    if (amountRef.current) amountRef.current.value = "";
    if (result.reached && result.amountMinor > 0)
      showToast({ title: t("goals.toastReached", { name: goal.name }), variant: "success" });
    else
      showToast({
        title: t(result.amountMinor > 0 ? "goals.toastAdded" : "goals.toastWithdrawn", {
          amount: format.money(Math.abs(result.amountMinor)),
          name: goal.name,
        }),
        variant: "success",
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [money.data, money.state]);

  const moneyErrors = money.data && !money.data.ok ? money.data.fieldErrors : undefined;
  const editErrors = edit.data && !edit.data.ok ? edit.data.fieldErrors : undefined;
  const conflict = useRowConflict(edit.data, goal.version);
  const inConflict = conflict.current !== undefined || conflict.gone;

  return (
    <Card className={cn("flex flex-col gap-4 p-5", goal.archived && "bg-muted/50")} data-testid="goal-card">
      <GoalProgress {...goal} />
      {goal.archived && <p className="text-xs font-medium text-muted-foreground">{t("goals.archivedNote")}</p>}
      {goal.deadline && !goal.archived && (
        <div className="flex items-start gap-2 rounded-lg bg-secondary/60 p-3 text-sm">
          <CalendarIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <p>
            <span className="font-medium">{t("goals.deadline", { date: format.date(goal.deadline) })}</span>
            {goal.needed && (
              <span className="block text-muted-foreground" data-testid="goal-needed">
                {goal.needed.overdue
                  ? t("goals.overdue", { amount: format.money(goal.needed.perMonthMinor) })
                  : t("goals.perMonth", { amount: format.money(goal.needed.perMonthMinor) })}
              </span>
            )}
          </p>
        </div>
      )}

      {goal.account && (
        <p className="flex items-start gap-2 rounded-lg bg-secondary/60 p-3 text-sm" data-testid="goal-follows">
          <PiggyBankIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t("goals.follows", { account: accountName(goal.account) })}
        </p>
      )}

      {canWrite && !goal.archived && !goal.accountId && (
        <money.Form method="post" action="/app/goals" className="flex flex-col gap-2" noValidate>
          <input type="hidden" name="intent" value="contribute" />
          <input type="hidden" name="goalId" value={goal.id} />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <Label htmlFor={`${id}-amount`} className="sr-only">
            {t("goals.amountLabel", { name: goal.name })}
          </Label>
          <div className="grid grid-cols-2 gap-2">
            <Input
              ref={amountRef}
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t("goals.amountPlaceholder", { example: `50${decimal}00` })}
              className="col-span-2 h-11"
              aria-invalid={moneyErrors?.amount ? true : undefined}
            />
            <Button type="submit" name="direction" value="add" disabled={money.state !== "idle"}>
              <PlusIcon aria-hidden="true" />
              <span>{t("goals.add")}</span>
            </Button>
            <Button
              type="submit"
              name="direction"
              value="withdraw"
              variant="outline"
              disabled={money.state !== "idle" || goal.savedMinor === 0}
            >
              <MinusIcon aria-hidden="true" />
              <span>{t("goals.withdraw")}</span>
            </Button>
          </div>
          <FieldError message={moneyErrors?.amount} />
          <FormError message={moneyErrors?.form} />
        </money.Form>
      )}

      {history.length > 0 && (
        <Expander icon={<HistoryIcon aria-hidden="true" className="size-4" />} label={t("goals.history")}>
          <ul className="flex flex-col gap-2 text-sm">
            {history.map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span className="text-muted-foreground">{format.date(item.occurredOn)}</span>
                <span
                  className={cn(
                    "font-medium tabular-nums",
                    item.amountMinor > 0 ? "text-emerald-700" : "text-foreground",
                  )}
                >
                  {item.amountMinor > 0 ? "+" : "−"}
                  {format.money(Math.abs(item.amountMinor))}
                </span>
              </li>
            ))}
          </ul>
        </Expander>
      )}

      {canWrite && (
        <Expander icon={<PencilIcon aria-hidden="true" className="size-4" />} label={t("goals.edit")}>
          <div className="flex flex-col gap-4">
            <edit.Form method="post" action="/app/goals" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="goalId" value={goal.id} />
              <input type="hidden" name="householdId" value={shell.household.id} />
              <VersionInput version={goal.version} conflict={conflict.current !== undefined} />
              {/* A new version (their save or ours) brings the fields back to the goal as it is now. */}
              <GoalFormFields
                key={goal.version}
                values={goal}
                errors={inConflict ? undefined : editErrors}
                showDeadline={canUseDeadline}
                accounts={accounts}
              />
              {inConflict ? (
                <ConflictNotice
                  gone={conflict.gone}
                  version={conflict.current?.version}
                  values={
                    conflict.current && [
                      { label: t("goals.name"), value: conflict.current.name },
                      {
                        label: t("goals.target", { currency: currencySymbol(format.currency, format.language) }),
                        value: format.money(conflict.current.targetMinor),
                      },
                      ...(canUseDeadline
                        ? [
                            {
                              label: t("goals.deadlineLabel"),
                              value: conflict.current.deadline ? format.date(conflict.current.deadline) : "—",
                            },
                          ]
                        : []),
                    ]
                  }
                />
              ) : (
                <>
                  <FormError message={editErrors?.form} />
                  <Button type="submit" variant="secondary" disabled={edit.state !== "idle"}>
                    {t("goals.save")}
                  </Button>
                </>
              )}
            </edit.Form>
            <archive.Form method="post" action="/app/goals">
              <input type="hidden" name="intent" value={goal.archived ? "restore" : "archive"} />
              <input type="hidden" name="goalId" value={goal.id} />
              <input type="hidden" name="householdId" value={shell.household.id} />
              <Button type="submit" variant="ghost" className="w-full" disabled={archive.state !== "idle"}>
                {goal.archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
                {t(goal.archived ? "goals.restore" : "goals.archive")}
              </Button>
              <FormError message={archive.data && !archive.data.ok ? archive.data.fieldErrors.form : undefined} />
            </archive.Form>
          </div>
        </Expander>
      )}
    </Card>
  );
}
