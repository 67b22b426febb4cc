import BellRingIcon from "lucide-react/icons/bell-ring";
import HandCoinsIcon from "lucide-react/icons/hand-coins";
import UsersIcon from "lucide-react/icons/users";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError, FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/components/ui/toast";
import { categorySharings } from "~/domain/categories";
import { shareMethods, type ShareMethod } from "~/domain/fair-share";
import { amountToInput, currencySymbol, numberSeparators } from "~/domain/money";
import type { MonthKey } from "~/domain/periods";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { selectClass } from "~/components/ui/select-field";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { SettleUpActionResult } from "../settle-up-actions.server";
import type { SettleUp } from "../settle-up.server";

type SettleUpView = Extract<SettleUp, { ok: true }>;

const settleUpPath = "/app/settle-up";

/** A household of one: nothing to split yet, and the way to invite a partner. */
export function SettleUpAlone() {
  const { t } = useTranslation("sharing");
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <UsersIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{t("alone.title")}</h2>
      <p className="max-w-prose text-muted-foreground">{t("alone.body")}</p>
      <Button asChild>
        <Link to="/app/settings/partners">{t("alone.invite")}</Link>
      </Button>
    </Card>
  );
}

/** The month in one sentence ("Pieter owes Sanne 123,45 €"), the balances behind it and "Mark as settled". */
export function MonthBalance({ view, month }: { view: SettleUpView; month: MonthKey }) {
  const { t } = useTranslation("sharing");
  const format = useFormat();
  const shell = useAppShell();
  const settle = useFetcher<SettleUpActionResult>();
  const undo = useFetcher<SettleUpActionResult>();
  const confirmRef = useRef<HTMLDetailsElement>(null);
  const names = new Map(view.members.map((member) => [member.userId, member.name]));
  const monthName = format.month(month);
  const owedMinor = view.split.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const toasted = useRef<unknown>(null);

  useEffect(() => {
    const answer = settle.data;
    if (settle.state !== "idle" || !answer?.ok || toasted.current === answer) return;
    toasted.current = answer;
    if (confirmRef.current) confirmRef.current.open = false;
    const settlementIds = answer.settlementIds ?? [];
    showToast({
      title: t("balance.settledToast", { month: monthName }),
      variant: "success",
      duration: 10000,
      action: {
        label: t("undo.button"),
        onClick: () => {
          for (const settlementId of settlementIds)
            void undo.submit(
              { intent: "undo", householdId: shell.household.id, settlementId },
              { method: "post", action: `${settleUpPath}?month=${month}` },
            );
        },
      },
    });
  }, [settle.state, settle.data, t, monthName, undo, shell.household.id, month]);

  useEffect(() => {
    if (undo.state === "idle" && undo.data?.ok) showToast({ title: t("undo.doneToast"), variant: "success" });
    else if (undo.state === "idle" && undo.data && !undo.data.ok)
      showToast({ title: t("errors.undoUnavailable"), variant: "destructive" });
  }, [undo.state, undo.data, t]);

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <HandCoinsIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0" aria-live="polite">
          {view.split.payments.length > 0 ? (
            view.split.payments.map((payment) => (
              <p
                key={`${payment.fromUserId}-${payment.toUserId}`}
                className="text-xl font-semibold"
                data-testid="settle-sentence"
              >
                {t("balance.owes", {
                  from: names.get(payment.fromUserId) ?? "",
                  to: names.get(payment.toUserId) ?? "",
                  amount: format.money(payment.amountMinor),
                })}
              </p>
            ))
          ) : (
            <p className="text-xl font-semibold" data-testid="settle-sentence">
              {view.split.totalMinor === 0
                ? t("balance.noShared", { month: monthName })
                : t("balance.square", { month: monthName })}
            </p>
          )}
          <p className="mt-1 text-sm text-muted-foreground">
            {t("balance.total", { amount: format.money(view.split.totalMinor) })} · {t(`method.${view.split.method}`)}
          </p>
          {view.reopened ? (
            <p className="mt-1 text-sm text-muted-foreground" data-testid="settle-reopened">
              {t("balance.reopened", {
                from: view.reopened.fromName,
                to: view.reopened.toName,
                amount: format.money(view.reopened.amountMinor),
                date: format.date(view.reopened.settledAt.slice(0, 10), "short"),
              })}{" "}
              {view.reopened.changedEntries > 0
                ? t("balance.reopenedBy", { count: view.reopened.changedEntries })
                : t("balance.reopenedChanged")}
            </p>
          ) : (
            view.settled && <p className="mt-1 text-sm text-muted-foreground">{t("balance.settledWith")}</p>
          )}
          {view.split.method !== view.monthMethod && (
            <p className="mt-1 text-sm text-muted-foreground">
              {t(view.monthMethod === "income" ? "balance.fallbackIncome" : "balance.fallbackFixed")}
            </p>
          )}
        </div>
      </div>

      {view.split.totalMinor > 0 && (
        // A region that may scroll sideways on a narrow phone is reachable by keyboard.
        <div className="overflow-x-auto" role="region" aria-label={t("balance.caption")} tabIndex={0}>
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">{t("balance.caption")}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-1.5 font-medium">
                  {t("balance.member")}
                </th>
                <th scope="col" className="px-1.5 py-2 text-right font-medium">
                  {t("balance.paid")}
                </th>
                <th scope="col" className="px-1.5 py-2 text-right font-medium">
                  {t("balance.share")}
                </th>
                <th scope="col" className="py-2 pl-1.5 text-right font-medium">
                  {t("balance.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.split.members.map((member) => (
                <tr key={member.userId} className="border-b last:border-0">
                  <th scope="row" className="max-w-24 truncate py-2 pr-1.5 text-left font-medium sm:max-w-40">
                    {names.get(member.userId)}
                  </th>
                  <td className="whitespace-nowrap px-1.5 py-2 text-right tabular-nums">
                    {format.money(member.paidMinor)}
                  </td>
                  <td className="whitespace-nowrap px-1.5 py-2 text-right tabular-nums">
                    {format.money(member.shareMinor)}
                  </td>
                  <td
                    className={cn(
                      "whitespace-nowrap py-2 pl-1.5 text-right tabular-nums",
                      member.balanceMinor < 0 && "text-destructive",
                    )}
                  >
                    {format.money(member.balanceMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {view.split.payments.length > 0 && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
          {view.canWrite && (
            // A native disclosure, so the confirmation opens before (and without) the scripts.
            <details ref={confirmRef} className="group/confirm open:w-full" data-testid="settle-confirm">
              <summary
                className={cn(
                  buttonVariants(),
                  "list-none sm:self-start group-open/confirm:hidden [&::-webkit-details-marker]:hidden",
                )}
              >
                {t("balance.markSettled")}
              </summary>
              <settle.Form
                method="post"
                action={`${settleUpPath}?month=${month}`}
                className="flex w-full flex-col gap-3 rounded-lg border bg-muted/40 p-4"
              >
                <input type="hidden" name="intent" value="settle" />
                <input type="hidden" name="householdId" value={shell.household.id} />
                <input type="hidden" name="month" value={month} />
                <input type="hidden" name="confirmedMinor" value={owedMinor} />
                <p className="font-medium">
                  {view.split.payments
                    .map((payment) =>
                      t("confirm.question", {
                        from: names.get(payment.fromUserId) ?? "",
                        to: names.get(payment.toUserId) ?? "",
                        amount: format.money(payment.amountMinor),
                        month: monthName,
                      }),
                    )
                    .join(" ")}
                </p>
                <p className="text-sm text-muted-foreground">{t("confirm.hint")}</p>
                <FormError message={settle.data && !settle.data.ok ? settle.data.fieldErrors.form : undefined} />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" disabled={settle.state !== "idle"}>
                    {t("confirm.yes")}
                  </Button>
                  {/* Without scripts the link reloads the page, which shuts the disclosure. */}
                  <Button asChild variant="outline">
                    <Link
                      to={`${settleUpPath}?month=${month}`}
                      onClick={(event) => {
                        event.preventDefault();
                        if (confirmRef.current) confirmRef.current.open = false;
                      }}
                    >
                      {t("confirm.cancel")}
                    </Link>
                  </Button>
                </div>
              </settle.Form>
            </details>
          )}
          <AskToSettle view={view} month={month} />
        </div>
      )}
    </Card>
  );
}

/** "Ask Pieter to settle up": a notification to the other members with the month's sentence, once per month. Any member may ask. */
function AskToSettle({ view, month }: { view: SettleUpView; month: MonthKey }) {
  const { t } = useTranslation("sharing");
  const format = useFormat();
  const shell = useAppShell();
  const ask = useFetcher<SettleUpActionResult>();
  const others = view.members.filter((member) => member.userId !== view.viewerUserId);
  const monthName = format.month(month);

  useEffect(() => {
    if (ask.state !== "idle" || !ask.data?.ok) return;
    showToast({
      title: ask.data.asked ? t("ask.sentToast", { month: monthName }) : t("ask.alreadyToast", { month: monthName }),
      variant: "success",
    });
  }, [ask.state, ask.data, t, monthName]);

  return (
    <ask.Form method="post" action={`${settleUpPath}?month=${month}`} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="ask" />
      <input type="hidden" name="householdId" value={shell.household.id} />
      <input type="hidden" name="month" value={month} />
      <FormError message={ask.data && !ask.data.ok ? ask.data.fieldErrors.form : undefined} />
      <Button type="submit" variant="outline" disabled={ask.state !== "idle"} className="sm:self-start">
        <BellRingIcon aria-hidden="true" />
        {others.length === 1 ? t("ask.button", { name: others[0]?.name ?? "" }) : t("ask.buttonOthers")}
      </Button>
    </ask.Form>
  );
}

/** The amount from which a shared expense tells the other members; empty turns it off. For the owner and an editing partner. */
export function SharedAlertForm({ view }: { view: SettleUpView }) {
  const { t } = useTranslation("sharing");
  const format = useFormat();
  const shell = useAppShell();
  const save = useFetcher<SettleUpActionResult>();
  const errors = save.data && !save.data.ok ? save.data.fieldErrors : undefined;
  const { decimal } = numberSeparators(format.language);

  useEffect(() => {
    if (save.state === "idle" && save.data?.ok) showToast({ title: t("alert.savedToast"), variant: "success" });
  }, [save.state, save.data, t]);

  return (
    <Card className="p-5">
      <save.Form method="post" action={settleUpPath} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="alert" />
        <input type="hidden" name="householdId" value={shell.household.id} />
        <div>
          <h2 className="font-semibold">{t("alert.title")}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("alert.hint")}</p>
        </div>
        <div className="flex flex-col gap-1.5 sm:max-w-xs">
          <Label htmlFor="shared-alert">
            {t("alert.label", { currency: currencySymbol(format.currency, format.language) })}
          </Label>
          <Input
            id="shared-alert"
            name="sharedAlert"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={view.sharedAlertMinor === null ? "" : amountToInput(view.sharedAlertMinor, format.language)}
            placeholder={`100${decimal}00`}
            aria-invalid={errors?.sharedAlert ? true : undefined}
            aria-describedby={errors?.sharedAlert ? "shared-alert-error" : "shared-alert-hint"}
          />
          <p id="shared-alert-hint" className="text-xs text-muted-foreground">
            {t("alert.emptyHint")}
          </p>
          <FieldError id="shared-alert-error" message={errors?.sharedAlert} />
        </div>
        <FormError message={errors?.form} />
        <Button type="submit" variant="outline" disabled={save.state !== "idle"} className="sm:self-start">
          {t("alert.save")}
        </Button>
      </save.Form>
    </Card>
  );
}

/**
 * Which expense categories start shared, personal, or as their account says, for a new expense nobody marked (decision
 * 0023): one select per category, a plain POST without JavaScript.
 */
export function CategorySharingForm() {
  const { t } = useTranslation("sharing");
  const shell = useAppShell();
  const categories = useCategories();
  const save = useFetcher<SettleUpActionResult>();
  const errors = save.data && !save.data.ok ? save.data.fieldErrors : undefined;

  useEffect(() => {
    if (save.state === "idle" && save.data?.ok && save.data.intent === "categories")
      showToast({ title: t("categoryDefaults.savedToast"), variant: "success" });
  }, [save.state, save.data, t]);

  return (
    <Card className="p-5" data-testid="category-sharing">
      <save.Form method="post" action={settleUpPath} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="categories" />
        <input type="hidden" name="householdId" value={shell.household.id} />
        <div>
          <h2 className="font-semibold">{t("categoryDefaults.title")}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("categoryDefaults.hint")}</p>
        </div>
        <ul className="grid gap-x-6 gap-y-3 md:grid-cols-2">
          {categories.ofKind("expense").map((category) => (
            <li key={category.id} className="flex items-center justify-between gap-3">
              <label htmlFor={`sharing-${category.id}`} className="min-w-0 text-sm font-medium break-words">
                {categories.label(category)}
              </label>
              <input type="hidden" name="categoryId" value={category.id} />
              <select
                id={`sharing-${category.id}`}
                name="sharing"
                defaultValue={category.sharing}
                className={cn(selectClass, "w-40 shrink-0 sm:w-48")}
              >
                {categorySharings.map((option) => (
                  <option key={option} value={option}>
                    {t(`categoryDefaults.${option}`)}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        <FormError message={errors?.form} />
        <Button type="submit" variant="outline" disabled={save.state !== "idle"} className="sm:self-start">
          {t("categoryDefaults.save")}
        </Button>
      </save.Form>
    </Card>
  );
}

/** Equal, by income or fixed percents: for the owner and an editing partner. */
export function ShareMethodForm({ view, month }: { view: SettleUpView; month: MonthKey }) {
  const { t } = useTranslation("sharing");
  const shell = useAppShell();
  const save = useFetcher<SettleUpActionResult>();
  const [method, setMethod] = useState<ShareMethod>(view.chosenMethod);
  const errors = save.data && !save.data.ok ? save.data.fieldErrors : undefined;
  const evenPercent = Math.floor(100 / Math.max(1, view.members.length));

  useEffect(() => {
    if (save.state === "idle" && save.data?.ok) showToast({ title: t("method.savedToast"), variant: "success" });
  }, [save.state, save.data, t]);

  return (
    <Card className="p-5">
      <save.Form method="post" action={`${settleUpPath}?month=${month}`} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="method" />
        <input type="hidden" name="householdId" value={shell.household.id} />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">{t("method.title")}</legend>
          <p className="text-sm text-muted-foreground">{t("method.hint")}</p>
          {shareMethods.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="method"
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{t(`method.${option}`)}</span>
                <span className="block text-sm text-muted-foreground">{t(`method.${option}Hint`)}</span>
              </span>
            </label>
          ))}
          <FieldError message={errors?.method} />
        </fieldset>
        {/* Shown with JavaScript only when "fixed" is chosen; without it the fields are always there and ignored for other methods. */}
        <div className={cn("grid gap-3 sm:grid-cols-2", method !== "fixed" && "hidden")}>
          {view.members.map((member) => (
            <div key={member.userId} className="flex flex-col gap-1.5">
              <label htmlFor={`percent-${member.userId}`} className="text-sm font-medium">
                {t("method.percentLabel", { name: member.name })}
              </label>
              <input type="hidden" name="memberId" value={member.userId} />
              <Input
                id={`percent-${member.userId}`}
                name="percent"
                inputMode="numeric"
                defaultValue={String(member.percent ?? evenPercent)}
                aria-invalid={errors?.percent ? true : undefined}
                aria-describedby={errors?.percent ? "percent-error" : undefined}
              />
            </div>
          ))}
          <FieldError id="percent-error" message={errors?.percent} />
        </div>
        <FormError message={errors?.form} />
        <Button type="submit" variant="outline" disabled={save.state !== "idle"} className="sm:self-start">
          {t("method.save")}
        </Button>
      </save.Form>
    </Card>
  );
}

/** Every settlement of the household, newest month first; the member who recorded one may undo it for a while. */
export function SettlementHistory({ history }: { history: SettleUpView["history"] }) {
  const { t } = useTranslation("sharing");
  const format = useFormat();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="settlement-history">
      <h2 id="settlement-history" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {t("history.title")}
      </h2>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("history.empty")}</p>
      ) : (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card">
          {history.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-medium">
                {t("history.entry", {
                  from: entry.fromName,
                  to: entry.toName,
                  amount: format.money(entry.amountMinor),
                })}
              </span>
              <span className="text-sm text-muted-foreground">
                <Link to={`${settleUpPath}?month=${entry.month}`} className="underline-offset-2 hover:underline">
                  {format.monthTitle(entry.month)}
                </Link>
                {" · "}
                {format.date(entry.createdAt.slice(0, 10), "short")}
              </span>
              {entry.undoUntil && <UndoSettlement settlement={entry} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Undo" on a settlement this member recorded, with the date it can be taken back until. */
function UndoSettlement({ settlement }: { settlement: SettleUpView["history"][number] }) {
  const { t } = useTranslation("sharing");
  const format = useFormat();
  const shell = useAppShell();
  const undo = useFetcher<SettleUpActionResult>();
  const until = format.date((settlement.undoUntil ?? "").slice(0, 10), "short");

  useEffect(() => {
    if (undo.state === "idle" && undo.data?.ok) showToast({ title: t("undo.doneToast"), variant: "success" });
  }, [undo.state, undo.data, t]);

  return (
    <undo.Form
      method="post"
      action={`${settleUpPath}?month=${settlement.month}`}
      className="flex w-full flex-wrap items-center justify-between gap-2"
    >
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="householdId" value={shell.household.id} />
      <input type="hidden" name="settlementId" value={settlement.id} />
      <span className="text-xs text-muted-foreground">{t("undo.until", { date: until })}</span>
      <FormError message={undo.data && !undo.data.ok ? undo.data.fieldErrors.form : undefined} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={undo.state !== "idle"}
        aria-label={t("undo.label", {
          from: settlement.fromName,
          to: settlement.toName,
          amount: format.money(settlement.amountMinor),
        })}
      >
        {t("undo.button")}
      </Button>
    </undo.Form>
  );
}
