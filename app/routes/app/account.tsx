import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import ArrowLeftRightIcon from "lucide-react/icons/arrow-left-right";
import ChevronLeftIcon from "lucide-react/icons/chevron-left";
import ChevronRightIcon from "lucide-react/icons/chevron-right";
import FileUpIcon from "lucide-react/icons/file-up";
import Trash2Icon from "lucide-react/icons/trash";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { data, Link, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { tDynamic } from "~/i18n/translator";
import type { Route } from "./+types/account";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CreatePanel, useCreatePanel } from "~/components/ui/create-panel";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { showToast } from "~/components/ui/toast";
import { formatIban } from "~/domain/iban";
import { amountPlaceholder, minorDigits } from "~/domain/money";
import { cn } from "~/lib/cn";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { FormError } from "~/components/ui/field-error";
import { TransactionRow } from "~/features/entries/components/transaction-row";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { AccountKindIcon, useAccountName } from "~/features/money-accounts/components/account-kind";
import { handleTransferAction } from "~/features/money-accounts/transfer-actions.server";
import { transferDescriptionMaxLength } from "~/features/money-accounts/transfer.schema";
import { listAccountActivity } from "~/features/money-accounts/transfers.server";

export const handle = { i18n: ["app", "money"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const before = new URL(request.url).searchParams.get("before");
  const base = { userId: context.user.id, householdId: context.householdId };
  const [accounts, activity] = await forLoader(() =>
    Promise.all([
      listAccounts({ ...base, on: context.today }),
      listAccountActivity({ ...base, accountId: params.accountId, before }),
    ]),
  );
  const account = accounts.find((item) => item.id === params.accountId);
  // listAccountActivity has answered "not found" for another household's account; this covers one deleted meanwhile.
  if (!account) throw data(null, { status: 404 });
  const others = accounts
    .filter((item) => item.id !== account.id)
    .map(({ id, name, archived, currency }) => ({ id, name, archived, currency }));
  return { account, others, activity, paged: Boolean(before) };
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleTransferAction(request, params.accountId);
}

export const ErrorBoundary = AppErrorBoundary;

type LoaderData = Route.ComponentProps["loaderData"];
type ActivityItem = LoaderData["activity"]["items"][number];
type TransferItem = Extract<ActivityItem, { otherAccountId: string }>;

/** One fetcher for every transfer's delete button (one is pressed at a time), and one for its undo. */
const deleteFetcherKey = "transfer-delete";
const restoreFetcherKey = "transfer-restore";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const format = useFormat();
  const accountName = useAccountName();
  const { account, others, activity, paged } = loaderData;
  const name = accountName(account);
  const names = new Map(others.map((other) => [other.id, accountName(other)]));
  const currencies = new Map([account, ...others].map((item) => [item.id, item.currency]));
  const targets = others.filter((other) => !other.archived);
  const canWrite = shell.household.canWrite;
  useTransferToasts(currencies);

  return (
    <div className="flex flex-col gap-5">
      <title>{`${name} · Samen`}</title>
      <Link
        to="/app/accounts"
        className="inline-flex items-center gap-1 self-start rounded text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
        {t("accounts.detail.back")}
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <AccountKindIcon kind={account.kind} className="size-12" />
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-semibold tracking-tight md:text-3xl">{name}</h1>
            <p className="text-sm text-muted-foreground">{t(`accounts.kinds.${account.kind}`)}</p>
            {account.iban && (
              <p className="font-mono text-sm text-muted-foreground" data-testid="account-iban">
                {formatIban(account.iban)}
              </p>
            )}
          </div>
        </div>
        <div className="shrink-0 sm:text-right">
          <p className="text-sm text-muted-foreground">{t("accounts.balanceOn")}</p>
          <p
            className={cn("text-2xl font-semibold tabular-nums", account.balanceMinor < 0 && "text-destructive")}
            data-testid="account-balance"
          >
            {format.money(account.balanceMinor, account.currency)}
          </p>
        </div>
      </div>

      {account.archived && (
        <p className="rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
          {t("accounts.detail.archived")}
        </p>
      )}

      {canWrite && !account.archived && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/app/import?account=${account.id}`}>
              <FileUpIcon aria-hidden="true" />
              {t("accounts.import")}
            </Link>
          </Button>
        </div>
      )}

      {canWrite && !account.archived && targets.length > 0 && (
        <MoveMoney
          accountId={account.id}
          currency={account.currency}
          targets={targets.map((target) => ({ id: target.id, label: accountName(target), currency: target.currency }))}
          actionData={actionData}
        />
      )}

      <section className="flex flex-col gap-3" aria-labelledby="account-activity">
        <h2 id="account-activity" className="text-lg font-semibold">
          {t("accounts.detail.activity")}
        </h2>
        <Card className="p-3 sm:p-4">
          {activity.items.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">{t("accounts.detail.activityEmpty")}</p>
          ) : (
            <ul className="flex flex-col divide-y" data-testid="account-activity">
              {activity.items.map((item) => (
                <li key={item.id}>
                  {"otherAccountId" in item ? (
                    <TransferRow
                      item={item}
                      accountId={account.id}
                      currency={account.currency}
                      otherCurrency={currencies.get(item.otherAccountId) ?? account.currency}
                      otherName={names.get(item.otherAccountId) ?? t("accounts.everyday")}
                    />
                  ) : (
                    <TransactionRow
                      transaction={{
                        id: item.id,
                        kind: item.kind,
                        amountMinor: Math.abs(item.signedAmountMinor),
                        currency: account.currency,
                        occurredOn: item.occurredOn,
                        description: item.description,
                        categoryId: item.categoryId,
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        {(paged || activity.nextCursor) && (
          <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={t("accounts.detail.activity")}>
            {paged ? (
              <Button asChild variant="ghost" size="sm">
                <Link to={`/app/accounts/${account.id}`}>
                  <ArrowLeftIcon aria-hidden="true" />
                  {t("accounts.detail.newest")}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {activity.nextCursor && (
              <Button asChild variant="outline" size="sm">
                <Link
                  to={`/app/accounts/${account.id}?before=${encodeURIComponent(activity.nextCursor)}`}
                  data-testid="activity-more"
                >
                  {t("accounts.detail.more")}
                  <ChevronRightIcon aria-hidden="true" />
                </Link>
              </Button>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

/**
 * The delete's toast, with its undo; and the undo's own. Lives on the page, which stays while rows come and go.
 * `currencies`: each account's currency, by id, for the amount that left.
 */
function useTransferToasts(currencies: ReadonlyMap<string, string>) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const format = useFormat();
  const removal = useFetcher<typeof action>({ key: deleteFetcherKey });
  const restore = useFetcher<typeof action>({ key: restoreFetcherKey });
  const seen = useRef<{ removal?: unknown; restore?: unknown }>({});

  useEffect(() => {
    const result = removal.data;
    if (removal.state !== "idle" || !result || seen.current.removal === result) return;
    seen.current.removal = result;
    if (!result.ok) {
      if (result.fieldErrors.form) showToast({ title: tDynamic(t, result.fieldErrors.form), variant: "destructive" });
      return;
    }
    const deleted = result.transfer;
    showToast({
      title: t("accounts.transfer.deleted", {
        amount: format.money(deleted.amountMinor, currencies.get(deleted.fromAccountId)),
      }),
      duration: 8000,
      action: {
        label: t("accounts.transfer.undo"),
        onClick: () =>
          restore.submit(
            {
              intent: "restoreTransfer",
              householdId: shell.household.id,
              transferId: deleted.id,
            },
            { method: "post" },
          ),
      },
    });
  }, [removal.state, removal.data, restore, shell.household.id, format, t, currencies]);

  useEffect(() => {
    const result = restore.data;
    if (restore.state !== "idle" || !result || seen.current.restore === result) return;
    seen.current.restore = result;
    if (result.ok) showToast({ title: t("accounts.transfer.restored"), variant: "success" });
    else if (result.fieldErrors.form)
      showToast({ title: tDynamic(t, result.fieldErrors.form), variant: "destructive" });
  }, [restore.state, restore.data, t]);
}

/**
 * A transfer as this account sees it: "To Savings" or "From Everyday account", in this account's currency, and what
 * the other account gave or got in its own when the two differ; the owner may delete it.
 */
function TransferRow({
  item,
  accountId,
  currency,
  otherCurrency,
  otherName,
}: {
  item: TransferItem;
  accountId: string;
  currency: string;
  otherCurrency: string;
  otherName: string;
}) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const shell = useAppShell();
  const removal = useFetcher<typeof action>({ key: deleteFetcherKey });
  const incoming = item.kind === "transferIn";
  const title = t(incoming ? "accounts.detail.transferIn" : "accounts.detail.transferOut", { account: otherName });
  const amount = `${incoming ? "+" : "−"}${format.money(Math.abs(item.signedAmountMinor), currency)}`;
  const otherSide =
    otherCurrency === currency
      ? null
      : t(incoming ? "accounts.detail.sent" : "accounts.detail.received", {
          amount: format.money(item.otherAmountMinor, otherCurrency),
        });
  const deleting = removal.state !== "idle" && removal.formData?.get("transferId") === item.id;
  return (
    <div className="flex items-center gap-3 py-2.5 pl-1" data-testid="transfer-row">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        <ArrowLeftRightIcon aria-hidden="true" className="size-[1.1rem]" />
      </span>
      <span className="min-w-0 flex-1">
        {/* Wraps rather than cuts: "Umbuchung auf …" is long in some languages, and the account's name is the point. */}
        <span className="block text-sm font-medium break-words text-foreground">{title}</span>
        <span className="block text-xs break-words text-muted-foreground">
          {item.description || t("accounts.detail.transfer")} · {format.date(item.occurredOn, "short")}
        </span>
        {otherSide && (
          <span className="block text-xs break-words text-muted-foreground" data-testid="transfer-other-side">
            {otherSide}
          </span>
        )}
      </span>
      <span className={cn("amount", incoming ? "text-emerald-700" : "text-foreground")}>{amount}</span>
      {shell.household.canWrite && (
        <removal.Form method="post" action={`/app/accounts/${accountId}`} className="shrink-0">
          <input type="hidden" name="intent" value="deleteTransfer" />
          <input type="hidden" name="transferId" value={item.id} />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={deleting}
            aria-label={`${t("accounts.detail.deleteTransfer")}: ${title}, ${amount}`}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </removal.Form>
      )}
    </div>
  );
}

type ActionData = Route.ComponentProps["actionData"];

/** "Move money": a <details> form, a plain POST without JavaScript; refused values come back beside their messages. */
function MoveMoney({
  accountId,
  currency,
  targets,
  actionData,
}: {
  accountId: string;
  currency: string;
  targets: { id: string; label: string; currency: string }[];
  actionData: ActionData;
}) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const format = useFormat();
  const id = useId();
  const move = useFetcher<typeof action>();
  const { panelRef, formRef, close } = useCreatePanel();
  const plain =
    actionData && !actionData.ok && "intent" in actionData && actionData.intent === "transfer" ? actionData : undefined;
  const refusal = move.data && !move.data.ok ? move.data : plain;
  const errors = refusal?.fieldErrors;
  const values = plain?.values;
  const seen = useRef<unknown>(undefined);
  // Between accounts of two currencies the bank's conversion is asked for too. Without scripts the field shows
  // whenever another currency is among the targets (the server ignores it within one currency); with them, only
  // while such a target is chosen.
  const [chosenId, setChosenId] = useState(values?.toAccountId ?? targets[0]?.id);
  const scripted = useHydrated();
  const chosen = targets.find((target) => target.id === chosenId);
  const chosenDiffers = chosen !== undefined && chosen.currency !== currency;
  const askReceived = chosenDiffers || (!scripted && targets.some((target) => target.currency !== currency));

  useEffect(() => {
    const result = move.data;
    if (move.state !== "idle" || !result?.ok || seen.current === result) return;
    seen.current = result;
    const target = targets.find((item) => item.id === result.transfer.toAccountId);
    showToast({
      title: t("accounts.transfer.moved", {
        amount: format.money(result.transfer.amountMinor, currency),
        account: target?.label ?? "",
      }),
      variant: "success",
    });
    close();
  }, [move.state, move.data, targets, format, t, close, currency]);

  return (
    <CreatePanel
      ref={panelRef}
      id="move-money"
      icon={ArrowLeftRightIcon}
      title={t("accounts.transfer.title")}
      hint={t("accounts.transfer.hint")}
      open={Boolean(plain)}
    >
      <move.Form
        ref={formRef}
        method="post"
        action={`/app/accounts/${accountId}`}
        className="flex flex-col gap-4 border-t p-5"
        noValidate
      >
        <input type="hidden" name="intent" value="transfer" />
        <input type="hidden" name="householdId" value={shell.household.id} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={`${id}-to`}
            name="toAccountId"
            label={t("accounts.transfer.to")}
            options={targets.map((target) => ({ value: target.id, label: target.label }))}
            defaultValue={values?.toAccountId ?? targets[0]?.id}
            error={errors?.toAccountId}
            onChange={setChosenId}
          />
          <TextField
            id={`${id}-amount`}
            label={t("accounts.transfer.amount")}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={amountPlaceholder(format.language, minorDigits(currency))}
            defaultValue={values?.amount ?? ""}
            error={errors?.amount}
            hint={askReceived ? t("accounts.transfer.amountHint", { currency }) : undefined}
            required
          />
          {askReceived && (
            <TextField
              id={`${id}-received`}
              label={t("accounts.transfer.received")}
              name="receivedAmount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountPlaceholder(format.language, minorDigits(chosen?.currency ?? currency))}
              defaultValue={values?.receivedAmount ?? ""}
              error={errors?.receivedAmount}
              hint={
                chosenDiffers
                  ? t("accounts.transfer.receivedHint", { currency: chosen.currency })
                  : t("accounts.transfer.receivedWhen")
              }
              className="sm:col-start-2"
            />
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-date`}
            label={t("accounts.transfer.date")}
            name="occurredOn"
            type="date"
            defaultValue={values?.occurredOn || shell.today}
            error={errors?.occurredOn}
            required
          />
          <TextField
            id={`${id}-description`}
            label={t("accounts.transfer.description")}
            name="description"
            maxLength={transferDescriptionMaxLength}
            autoComplete="off"
            defaultValue={values?.description ?? ""}
            error={errors?.description}
          />
        </div>
        <FormError message={errors?.form} />
        <Button type="submit" disabled={move.state !== "idle"} className="sm:self-start">
          {t("accounts.transfer.submit")}
        </Button>
      </move.Form>
    </CreatePanel>
  );
}
