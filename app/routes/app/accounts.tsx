import ArchiveIcon from "lucide-react/icons/archive";
import ArchiveRestoreIcon from "lucide-react/icons/archive-arrow-up";
import CrownIcon from "lucide-react/icons/crown";
import FileUpIcon from "lucide-react/icons/file-up";
import PencilIcon from "lucide-react/icons/pencil";
import { useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/accounts";
import UsersIcon from "lucide-react/icons/users";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CreatePanel, useCreatePanel } from "~/components/ui/create-panel";
import { ConflictNotice, useRowConflict, VersionInput } from "~/components/ui/conflict-notice";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { showToast } from "~/components/ui/toast";
import { formatIban } from "~/domain/iban";
import { accountCurrencies, amountToInput, isCurrency, minorDigits, numberSeparators } from "~/domain/money";
import { toBcp47 } from "~/domain/languages";
import { accountKindsToAdd, mayKeepAccount } from "~/domain/plans";
import { cn } from "~/lib/cn";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { useEntrySharing } from "~/features/entries/components/use-budget-shell";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { FieldError, FormError } from "~/components/ui/field-error";
import { handleAccountAction } from "~/features/money-accounts/account-actions.server";
import { accountKinds, accountNameMaxLength, type AccountKind } from "~/features/money-accounts/account.schema";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { AccountKindIcon, useAccountName } from "~/features/money-accounts/components/account-kind";
import { PageHeader } from "~/components/ui/page-header";

export const handle = { i18n: ["app", "money"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const accounts = await forLoader(() =>
    listAccounts({ userId: context.user.id, householdId: context.householdId, on: context.today }),
  );
  // Named on the server, once: the browser's ICU may name a currency otherwise, and the page would change on hydration.
  const names = new Intl.DisplayNames(toBcp47(context.language), { type: "currency" });
  const currencyNames = Object.fromEntries(
    accountCurrencies.filter((code) => !isCurrency(code)).map((code) => [code, names.of(code) ?? code]),
  );
  return { accounts, currencyNames };
}

export async function action({ request }: Route.ActionArgs) {
  return handleAccountAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

type Account = Route.ComponentProps["loaderData"]["accounts"][number];
type ActionData = Route.ComponentProps["actionData"];
type FormValues = {
  name?: string;
  kind?: string;
  currency?: string;
  iban?: string;
  openingBalance?: string;
  openingOn?: string;
  defaultShared?: string;
};

/** A refusal the page got back from a plain form post (no JavaScript), if it belongs to this form. */
function plainRefusal(actionData: ActionData, intent: string, accountId?: string) {
  if (!actionData || actionData.ok || !("intent" in actionData) || actionData.intent !== intent) return undefined;
  if (accountId !== undefined && actionData.accountId !== accountId) return undefined;
  return actionData;
}

/** What the form shows for a saved account: its amounts written the way the reader types them. */
function accountValues(account: Account, name: string, language: Parameters<typeof amountToInput>[1]): FormValues {
  const balance = account.openingBalanceMinor;
  const digits = minorDigits(account.currency);
  return {
    name,
    kind: account.kind,
    iban: account.iban ? formatIban(account.iban) : "",
    openingBalance: balance === 0 ? "" : amountToInput(balance, language, digits),
    openingOn: account.openingOn ?? "",
    defaultShared: account.defaultShared ? "1" : "0",
  };
}

/** One fetcher for every card's archive and unarchive button (one is pressed at a time). */
const archiveFetcherKey = "account-archive";
/** "Add an account" may leave the page with its answer (the free plan's last account): the page shows the toast. */
const createFetcherKey = "account-create";

function toastKey(intent: string | undefined) {
  if (intent === "create") return "accounts.created";
  if (intent === "update") return "accounts.saved";
  if (intent === "archive") return "accounts.archivedToast";
  if (intent === "unarchive") return "accounts.unarchivedToast";
  return undefined;
}

/** Shows the toast of a write that succeeded, once per answer. */
function useSavedToast(
  fetcher: { state: string; data?: { ok: boolean; intent?: string } | undefined },
  onSaved?: () => void,
) {
  const { t } = useTranslation("money");
  useEffect(() => {
    const key = toastKey(fetcher.data?.intent);
    if (fetcher.state !== "idle" || !fetcher.data?.ok || !key) return;
    showToast({ title: t(key), variant: "success" });
    onSaved?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.state, fetcher.data]);
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const format = useFormat();
  const open = loaderData.accounts.filter((account) => !account.archived);
  const archived = loaderData.accounts.filter((account) => account.archived);
  // Net worth in the base currency at today's rates; an account without a rate is left out and said so.
  const total = open.reduce((sum, account) => sum + (account.baseBalanceMinor ?? 0), 0);
  const withoutRate = open.filter((account) => account.baseBalanceMinor === null).length;
  const canWrite = shell.household.canWrite;
  const kindsToAdd = accountKindsToAdd(shell.household.plan, open.length, accountKinds);
  // Archiving moves a card to the other list, which mounts it afresh, and adding the free plan's last account removes
  // the form: the page, which stays, answers with the toast.
  useSavedToast(useFetcher<typeof action>({ key: archiveFetcherKey }));
  useSavedToast(useFetcher<typeof action>({ key: createFetcherKey }));

  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("nav.accounts")} · Samen`}</title>
      <PageHeader title={t("accounts.title")} subtitle={t("accounts.subtitle")}>
        <div className="shrink-0 sm:text-right" data-testid="accounts-total">
          <p className="text-sm text-muted-foreground">{t("accounts.total")}</p>
          <p className={cn("text-2xl font-semibold tabular-nums", total < 0 && "text-destructive")}>
            {format.money(total)}
          </p>
          {withoutRate > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="accounts-without-rate">
              {t("accounts.withoutRate", { count: withoutRate })}
            </p>
          )}
        </div>
      </PageHeader>

      {canWrite &&
        (kindsToAdd.length > 0 ? (
          <NewAccount actionData={actionData} kinds={kindsToAdd} currencyNames={loaderData.currencyNames} />
        ) : (
          <FreePlanLimit />
        ))}

      <ul className="grid gap-4 lg:grid-cols-2">
        {open.map((account) => (
          <li key={account.id}>
            <AccountCard account={account} actionData={actionData} heading="h2" />
          </li>
        ))}
      </ul>

      {archived.length > 0 && (
        <section className="flex flex-col gap-3" aria-labelledby="archived-accounts">
          <div>
            <h2 id="archived-accounts" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {t("accounts.archived")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("accounts.archivedHint")}</p>
          </div>
          <ul className="grid gap-4 lg:grid-cols-2">
            {archived.map((account) => (
              <li key={account.id}>
                <AccountCard account={account} actionData={actionData} heading="h3" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function FreePlanLimit() {
  const { t } = useTranslation("money");
  return (
    <Card
      className="flex flex-col gap-3 border-accent bg-accent/40 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="accounts-limit"
    >
      <p className="text-sm">{t("accounts.limitFree")}</p>
      <Button asChild variant="outline" className="shrink-0 sm:self-center">
        <Link to="/app/upgrade">
          <CrownIcon aria-hidden="true" />
          {t("accounts.upgrade")}
        </Link>
      </Button>
    </Card>
  );
}

/** "Add an account": a <details> form, a plain POST without JavaScript. */
function NewAccount({
  actionData,
  kinds,
  currencyNames,
}: {
  actionData: ActionData;
  kinds: readonly AccountKind[];
  currencyNames: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const create = useFetcher<typeof action>({ key: createFetcherKey });
  const { panelRef, formRef, close } = useCreatePanel();
  const plain = plainRefusal(actionData, "create");
  const refusal = create.data && !create.data.ok ? create.data : plain;

  useEffect(() => {
    if (create.state === "idle" && create.data?.ok) close();
  }, [create.state, create.data, close]);

  return (
    <CreatePanel
      ref={panelRef}
      id="new-account"
      title={t("accounts.add")}
      hint={t(kinds.length === 1 ? "accounts.addHintSavings" : "accounts.addHint")}
      open={Boolean(plain)}
    >
      <create.Form
        ref={formRef}
        method="post"
        action="/app/accounts"
        className="flex flex-col gap-4 border-t p-5"
        noValidate
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="householdId" value={shell.household.id} />
        <AccountFormFields
          values={plain?.values}
          errors={refusal?.fieldErrors}
          kinds={kinds}
          currencyNames={currencyNames}
        />
        <FormError message={refusal?.fieldErrors.form} />
        <Button type="submit" disabled={create.state !== "idle"} className="sm:self-start">
          {t("accounts.addButton")}
        </Button>
      </create.Form>
    </CreatePanel>
  );
}

/** One account: kind, IBAN and balance today; for the owner, import, edit and archive. */
function AccountCard({
  account,
  actionData,
  heading: Heading,
}: {
  account: Account;
  actionData: ActionData;
  heading: "h2" | "h3";
}) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const shell = useAppShell();
  const accountName = useAccountName();
  const edit = useFetcher<typeof action>();
  const archive = useFetcher<typeof action>({ key: archiveFetcherKey });
  const editRef = useRef<HTMLDetailsElement>(null);
  const name = accountName(account);
  const plainEdit = plainRefusal(actionData, "update", account.id);
  const editRefusal = edit.data && !edit.data.ok ? edit.data : plainEdit;
  const conflict = useRowConflict(edit.data, account.version);
  const inConflict = conflict.current !== undefined || conflict.gone;
  const plainArchive = plainRefusal(actionData, account.archived ? "unarchive" : "archive", account.id);
  const fetchedArchive =
    archive.data && !archive.data.ok && "accountId" in archive.data && archive.data.accountId === account.id
      ? archive.data
      : undefined;
  const archiveRefusal = fetchedArchive ?? plainArchive;
  const canWrite = shell.household.canWrite;
  // The Everyday account may be any kind; another keeps its own kind, or takes one the plan offers.
  const kinds = accountKinds.filter(
    (kind) => account.isEveryday || kind === account.kind || mayKeepAccount(shell.household.plan, kind, 0),
  );
  // A household of one never sees sharing.
  const sharing = useEntrySharing();

  useSavedToast(edit, () => {
    if (editRef.current) editRef.current.open = false;
  });

  return (
    <Card
      className={cn("flex h-full flex-col gap-4 p-5", account.archived && "bg-muted/50")}
      data-testid="account-card"
    >
      <div className="flex items-start gap-3">
        <AccountKindIcon kind={account.kind} />
        <div className="min-w-0 flex-1">
          <Heading className="break-words font-semibold">
            <Link to={`/app/accounts/${account.id}`} className="rounded underline-offset-4 hover:underline">
              {name}
            </Link>
          </Heading>
          <p className="text-sm text-muted-foreground">{t(`accounts.kinds.${account.kind}`)}</p>
          {sharing && account.defaultShared && (
            <Badge variant="secondary" className="mt-1.5" data-testid="account-shared">
              <UsersIcon aria-hidden="true" className="size-3" />
              {t("accounts.sharedBadge")}
            </Badge>
          )}
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs text-muted-foreground">{t("accounts.balanceOn")}</p>
          <p
            className={cn("text-lg font-semibold tabular-nums", account.balanceMinor < 0 && "text-destructive")}
            data-testid="account-balance"
          >
            {format.money(account.balanceMinor, account.currency)}
          </p>
          {account.currency !== format.currency && (
            <p className="text-xs text-muted-foreground tabular-nums" data-testid="account-base-balance">
              {account.baseBalanceMinor === null
                ? t("accounts.noRate")
                : t("accounts.inBase", { amount: format.money(account.baseBalanceMinor) })}
            </p>
          )}
        </div>
      </div>
      {account.iban && (
        <p className="-mt-2 pl-[3.25rem] font-mono text-sm text-muted-foreground" data-testid="account-iban">
          {formatIban(account.iban)}
        </p>
      )}

      {canWrite && (
        <div className="mt-auto flex flex-col gap-3 border-t pt-3">
          <div className="flex flex-wrap items-center gap-2">
            {!account.archived && (
              <Button asChild variant="outline" size="sm">
                <Link to={`/app/import?account=${account.id}`} aria-label={`${t("accounts.import")}: ${name}`}>
                  <FileUpIcon aria-hidden="true" />
                  {t("accounts.import")}
                </Link>
              </Button>
            )}
            {!account.isEveryday && (
              <archive.Form method="post" action="/app/accounts">
                <input type="hidden" name="intent" value={account.archived ? "unarchive" : "archive"} />
                <input type="hidden" name="accountId" value={account.id} />
                <input type="hidden" name="householdId" value={shell.household.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  disabled={archive.state !== "idle"}
                  aria-label={`${t(account.archived ? "accounts.unarchive" : "accounts.archive")}: ${name}`}
                >
                  {account.archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
                  {t(account.archived ? "accounts.unarchive" : "accounts.archive")}
                </Button>
              </archive.Form>
            )}
          </div>
          <FormError message={archiveRefusal?.fieldErrors.form} />
          <details ref={editRef} className="group/edit" open={plainEdit ? true : undefined}>
            <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
              <PencilIcon aria-hidden="true" className="size-4" />
              {t("accounts.edit")}
              <span className="sr-only">: {name}</span>
            </summary>
            <edit.Form method="post" action="/app/accounts" className="flex flex-col gap-4 pt-4" noValidate>
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="accountId" value={account.id} />
              <input type="hidden" name="householdId" value={shell.household.id} />
              <VersionInput version={account.version} conflict={conflict.current !== undefined} />
              {/* A new version (their save or ours) brings the fields back to the account as it is now. */}
              <AccountFormFields
                key={account.version}
                values={plainEdit?.values ?? accountValues(account, name, format.language)}
                errors={inConflict ? undefined : editRefusal?.fieldErrors}
                kinds={kinds}
              />
              {inConflict ? (
                <ConflictNotice
                  gone={conflict.gone}
                  version={conflict.current?.version}
                  values={
                    conflict.current && [
                      {
                        label: t("accounts.fields.name"),
                        value: accountName({ ...account, name: conflict.current.name }),
                      },
                      { label: t("accounts.fields.kind"), value: t(`accounts.kinds.${conflict.current.kind}`) },
                      ...(conflict.current.iban
                        ? [{ label: t("accounts.fields.iban"), value: formatIban(conflict.current.iban) }]
                        : []),
                      {
                        label: t("accounts.fields.openingBalance"),
                        value: format.money(conflict.current.openingBalanceMinor, account.currency),
                      },
                      ...(conflict.current.openingOn
                        ? [{ label: t("accounts.fields.openingOn"), value: format.date(conflict.current.openingOn) }]
                        : []),
                      ...(sharing
                        ? [
                            {
                              label: t("accounts.fields.sharing"),
                              value: t(
                                conflict.current.defaultShared
                                  ? "accounts.fields.sharedOption"
                                  : "accounts.fields.personalOption",
                              ),
                            },
                          ]
                        : []),
                    ]
                  }
                />
              ) : (
                <>
                  <FormError message={editRefusal?.fieldErrors.form} />
                  <Button type="submit" variant="secondary" disabled={edit.state !== "idle"} className="sm:self-start">
                    {t("accounts.save")}
                  </Button>
                </>
              )}
            </edit.Form>
          </details>
        </div>
      )}
    </Card>
  );
}

/** Name, kind, IBAN, opening balance and date, and in a household of two or more the sharing default: shared by "add an account" and "edit". */
function AccountFormFields({
  values,
  errors,
  kinds,
  currencyNames,
}: {
  values?: FormValues;
  errors?: Record<string, string | undefined>;
  /** The kinds the plan lets this account have. */
  kinds: readonly AccountKind[];
  /**
   * A new account: its currency is chosen now, for good, among the base currencies (named by our translations) and
   * these others (named by the server's ICU).
   */
  currencyNames?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation("money");
  const { t: tApp } = useTranslation("app");
  const format = useFormat();
  const id = useId();
  const { decimal } = numberSeparators(format.language);
  const kind: AccountKind = kinds.find((option) => option === values?.kind) ?? kinds[0] ?? "savings";
  const sharing = useEntrySharing();
  const defaultShared = values?.defaultShared === "1";
  const describedBy = (field: string, hint = false) =>
    [hint ? `${id}-${field}-hint` : "", errors?.[field] ? `${id}-${field}-error` : ""].filter(Boolean).join(" ") ||
    undefined;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label={t("accounts.fields.name")}
          name="name"
          defaultValue={values?.name ?? ""}
          maxLength={accountNameMaxLength}
          autoComplete="off"
          error={errors?.name}
          required
        />
        <SelectField
          id={`${id}-kind`}
          name="kind"
          label={t("accounts.fields.kind")}
          options={kinds.map((option) => ({ value: option, label: t(`accounts.kinds.${option}`) }))}
          defaultValue={kind}
          error={errors?.kind}
        />
      </div>
      {currencyNames && (
        <div className="flex flex-col gap-2">
          <SelectField
            id={`${id}-currency`}
            name="currency"
            label={t("accounts.fields.currency")}
            options={accountCurrencies.map((currency) => ({
              value: currency,
              label: `${currency} · ${isCurrency(currency) ? tApp(`currencies.${currency}`) : (currencyNames[currency] ?? currency)}`,
            }))}
            defaultValue={values?.currency ?? format.currency}
            error={errors?.currency}
          />
          <p className="text-xs text-muted-foreground">{t("accounts.fields.currencyHint")}</p>
        </div>
      )}
      <TextField
        id={`${id}-iban`}
        label={t("accounts.fields.iban")}
        hint={t("accounts.fields.ibanHint")}
        name="iban"
        defaultValue={values?.iban ?? ""}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName="font-mono"
        error={errors?.iban}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {/* No inputMode="decimal": phone keypads for it have no minus sign, and a card may start below zero. */}
        <TextField
          id={`${id}-opening-balance`}
          label={t("accounts.fields.openingBalance")}
          hint={t("accounts.fields.openingBalanceHint")}
          name="openingBalance"
          defaultValue={values?.openingBalance ?? ""}
          autoComplete="off"
          placeholder={`0${decimal}00`}
          error={errors?.openingBalance}
        />
        <TextField
          id={`${id}-opening-on`}
          label={t("accounts.fields.openingOn")}
          name="openingOn"
          type="date"
          defaultValue={values?.openingOn ?? ""}
          error={errors?.openingOn}
        />
      </div>
      {sharing && (
        <fieldset className="flex flex-col gap-2" aria-describedby={describedBy("defaultShared", true)}>
          <legend className="mb-2 text-sm font-medium">{t("accounts.fields.sharing")}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-5">
            {([true, false] as const).map((option) => (
              <label key={String(option)} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="defaultShared"
                  value={option ? "1" : "0"}
                  defaultChecked={defaultShared === option}
                  className="size-4 accent-primary"
                />
                {t(option ? "accounts.fields.sharedOption" : "accounts.fields.personalOption")}
              </label>
            ))}
          </div>
          <p id={`${id}-defaultShared-hint`} className="text-xs text-muted-foreground">
            {t("accounts.fields.sharingHint")}
          </p>
          <FieldError id={`${id}-defaultShared-error`} message={errors?.defaultShared} />
        </fieldset>
      )}
    </>
  );
}
