import SparklesIcon from "lucide-react/icons/sparkles";
import SplitIcon from "lucide-react/icons/split";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ElementType,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SegmentCheck, segmentClass } from "~/components/ui/segment";
import { defaultCategoryId, startsShared, type TransactionKind } from "~/domain/categories";
import { amountPlaceholder, amountToInput, currencySymbol, minorDigits } from "~/domain/money";
import type { EntrySuggestion } from "~/domain/rules/rule-types";
import { cn } from "~/lib/cn";
import { descriptionMaxLength } from "../transaction.schema";
import { CategoryIcon } from "./category-icon";
import { SplitFields, type SplitLineValue } from "./split-fields";
import { FieldError, FormError } from "~/components/ui/field-error";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { uuidv7 } from "~/lib/uuid";
import { useKeepOffline } from "../offline/offline-entry";
import { useCategories, useEntryCurrency, useEntrySharing } from "./use-budget-shell";

export interface TransactionFormValues {
  kind: TransactionKind;
  amountMinor?: number;
  /** The amount as typed, when re-showing a refused form. */
  amount?: string;
  occurredOn: string;
  description: string;
  categoryId: string;
  shared?: boolean;
  memberUserId?: string | null;
  /** The entry's lines, on its own page: the form then offers to split it (absent: no split part). */
  lines?: readonly SplitLineValue[];
  /** An entry's own currency (its account's); absent for a new one, which goes to the Everyday account. */
  currency?: string;
}

/** React Router's <Form> for plain pages, or a fetcher's <Form> in the sheet. */
type FormComponent = ElementType;

interface TransactionFormProps {
  Form: FormComponent;
  action: string;
  mode: "add" | "edit";
  values: TransactionFormValues;
  errors?: Record<string, string | undefined>;
  submitting?: boolean;
  /** Set when a fetcher submits, so the action answers with data instead of a redirect. */
  viaScript?: boolean;
  redirectTo?: string;
  autoFocus?: boolean;
  footer?: ReactNode;
  /** In a sheet the submit button stays in reach above the keyboard while the form scrolls. */
  sticky?: boolean;
  /** Editing: the version the shown values were loaded with (features/platform/row-version.server.ts); none during a conflict. */
  version?: string;
  /** A refused save's ConflictNotice, shown instead of the submit button (its own button saves on top of their version). */
  conflict?: ReactNode;
  /** The entry's page with its split part open: "Split this payment" links there while `values.lines` is absent. */
  splitHref?: string;
  /** Adding while offline: the entry was kept in the device's outbox instead of being sent. */
  onKeptOffline?: () => void;
}

/**
 * Add or edit one entry: kind, amount in the reader's notation, category chips, date, description.
 * A plain POST form, so it works before (and without) JavaScript; with it, a fetcher submits and the sheet stays.
 * Without JavaScript the category chips of the other kind are hidden by CSS (:has), not by state.
 */
export function TransactionForm({
  Form,
  action,
  mode,
  values,
  errors: givenErrors = {},
  submitting,
  viaScript,
  redirectTo,
  autoFocus,
  footer,
  sticky,
  version,
  conflict,
  splitHref,
  onKeptOffline,
}: TransactionFormProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const categories = useCategories();
  const id = useId();
  const [kind, setKind] = useState<TransactionKind>(values.kind);
  const [chosenCategoryId, setCategoryId] = useState(values.categoryId);
  const amountRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLInputElement>(null);
  const entryCurrency = useEntryCurrency();
  const symbol = currencySymbol(values.currency ?? entryCurrency, format.language);
  const keepOffline = useKeepOffline();
  const [offlineErrors, setOfflineErrors] = useState<Record<string, string | undefined> | null>(null);
  const { suggestion, askedFor } = useEntrySuggestion({ enabled: mode === "add", kind, amountRef, descriptionRef });
  // Once the user picks a category themselves (or edits an entry), suggestions stop choosing for them.
  const [picked, setPicked] = useState(mode !== "add" || values.categoryId !== defaultCategoryId(values.kind));
  const suggested =
    !picked && suggestion?.categoryId && categories.byId(suggestion.categoryId)?.kind === kind ? suggestion : null;
  const categoryId = suggested?.categoryId ?? chosenCategoryId;

  useEffect(() => {
    if (autoFocus) amountRef.current?.focus();
  }, [autoFocus]);

  const chooseKind = (next: TransactionKind) => {
    setKind(next);
    if (categories.byId(chosenCategoryId)?.kind !== next) setCategoryId(defaultCategoryId(next));
  };
  const hint = suggested
    ? suggested.reason.kind === "usual"
      ? t("entry.suggestion.usual", {
          name: suggested.reason.name,
          category: categories.label(categories.byId(suggested.categoryId ?? "")),
        })
      : suggested.reason.about
        ? t("entry.suggestion.rule", { about: suggested.reason.about })
        : t("entry.suggestion.anyRule")
    : null;
  const rename = !picked && suggestion?.rename && suggestion.rename !== askedFor ? suggestion.rename : null;

  const amountDefault =
    values.amount ??
    (values.amountMinor
      ? amountToInput(values.amountMinor, format.language, minorDigits(values.currency ?? entryCurrency))
      : "");
  const errors = offlineErrors ?? givenErrors;
  const errorId = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Form
      method="post"
      action={action}
      className="group/entry flex flex-col gap-5"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        if (mode !== "add") return;
        // The entry's id, made on the device at its first send: sent again (a double tap, a retry) it is added once.
        const clientId = event.currentTarget.elements.namedItem("clientId");
        if (clientId instanceof HTMLInputElement && !clientId.value) clientId.value = uuidv7();
        // Offline, a new entry waits on the device (the outbox) instead of failing to send.
        if (navigator.onLine) return;
        event.preventDefault();
        void keepOffline(event.currentTarget).then((kept) => {
          if (!kept.ok) setOfflineErrors(kept.fieldErrors);
          else onKeptOffline?.();
        });
      }}
    >
      {mode === "add" && <input type="hidden" name="clientId" defaultValue="" />}
      <input type="hidden" name="householdId" value={shell.household.id} />
      <input type="hidden" name="intent" value={mode === "add" ? "add" : "update"} />
      {viaScript && <input type="hidden" name="js" value="1" />}
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {version && <input type="hidden" name="version" value={version} />}
      <FormError message={errors.form} />

      <fieldset>
        <legend className="sr-only">{t("entry.kind")}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-secondary p-1">
          {(["expense", "income"] as const).map((option) => (
            <label key={option} className={cn(segmentClass, "h-10")}>
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => chooseKind(option)}
                className="peer sr-only"
              />
              <SegmentCheck />
              {t(option === "expense" ? "entry.expense" : "entry.income")}
            </label>
          ))}
        </div>
      </fieldset>

      {/* An entry opened from a list that did not read its sharing is saved without the question, so it keeps its answers. */}
      {(mode === "add" || values.shared !== undefined) && (
        <EntrySharingFields
          kind={kind}
          values={values}
          suggested={suggestion?.sharing ?? null}
          categoryId={categoryId}
        />
      )}

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-amount`}>{t("entry.amount")}</Label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-2xl font-semibold text-muted-foreground">
            {symbol}
          </span>
          <Input
            ref={amountRef}
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={amountPlaceholder(format.language, minorDigits(values.currency ?? entryCurrency))}
            defaultValue={amountDefault}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errorId("amount")}
            // The symbol is "€" in one language and "PLN" or "грн" in another: the digits start after it, whatever its width.
            style={{ paddingLeft: `calc(1.75rem + ${Array.from(symbol).length * 0.6}em)` }}
            className="h-16 text-3xl font-semibold tabular-nums placeholder:text-muted-foreground/45 md:text-3xl"
            required
          />
        </div>
        <FieldError id={errorId("amount")} message={errors.amount} />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("entry.category")}</legend>
        <p
          aria-live="polite"
          className={cn("flex min-h-5 items-center gap-1.5 text-xs text-muted-foreground", !hint && "sr-only")}
        >
          {hint && (
            <>
              <SparklesIcon aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
              <span className="truncate">{hint}</span>
            </>
          )}
        </p>
        {(["expense", "income"] as const).map((group) => (
          <div
            key={group}
            className={cn(
              "grid grid-cols-3 gap-2 sm:grid-cols-4",
              group === "expense"
                ? "group-has-[input[name=kind][value=income]:checked]/entry:hidden"
                : "group-has-[input[name=kind][value=expense]:checked]/entry:hidden",
            )}
          >
            {categories.ofKind(group).map((category) => (
              <label
                key={category.id}
                className={cn(
                  "flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-transparent bg-muted/60 px-1 py-2.5 text-center text-xs font-medium leading-tight transition-colors hover:bg-secondary",
                  "has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                )}
              >
                <input
                  type="radio"
                  name="categoryId"
                  value={category.id}
                  checked={categoryId === category.id}
                  onChange={() => {
                    setPicked(true);
                    setCategoryId(category.id);
                  }}
                  className="sr-only"
                />
                <CategoryIcon icon={category.icon} color={category.color} className="size-8" />
                <span className="line-clamp-2 hyphens-auto break-words">{categories.label(category)}</span>
              </label>
            ))}
          </div>
        ))}
        <FieldError message={errors.categoryId} />
      </fieldset>

      {!values.lines && splitHref && (
        <Link
          to={splitHref}
          className="flex min-h-11 items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <SplitIcon aria-hidden="true" className="size-4" />
          {t("entry.split.title")}
        </Link>
      )}
      {values.lines && (
        <SplitFields
          kind={kind}
          categoryId={categoryId}
          lines={values.lines}
          amountRef={amountRef}
          totalMinor={values.amountMinor}
          error={errors.lines}
          currency={values.currency ?? entryCurrency}
        />
      )}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-date`}>{t("entry.date")}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            name="occurredOn"
            defaultValue={values.occurredOn}
            required
            aria-invalid={errors.occurredOn ? true : undefined}
            aria-describedby={errorId("occurredOn")}
          />
          <FieldError id={errorId("occurredOn")} message={errors.occurredOn} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>
            {t("entry.description")} <span className="font-normal text-muted-foreground">{t("entry.optional")}</span>
          </Label>
          <Input
            ref={descriptionRef}
            id={`${id}-description`}
            name="description"
            defaultValue={values.description}
            maxLength={descriptionMaxLength}
            autoComplete="off"
            placeholder={t(
              kind === "income" ? "entry.descriptionIncomePlaceholder" : "entry.descriptionExpensePlaceholder",
            )}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errorId("description")}
          />
          <FieldError id={errorId("description")} message={errors.description} />
          {rename && (
            <button
              type="button"
              className="self-start text-xs font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => {
                if (descriptionRef.current) descriptionRef.current.value = rename;
              }}
            >
              {t("entry.suggestion.useName", { name: rename })}
            </button>
          )}
        </div>
      </div>

      {/* A conflict notice is too tall to stay pinned over the fields it is compared with. */}
      <div
        className={cn(
          "flex flex-col gap-2",
          sticky && !conflict && "sticky -bottom-6 -mx-6 -mb-6 border-t bg-card/95 px-6 pb-6 pt-3 backdrop-blur",
        )}
      >
        {conflict ?? (
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting
              ? t("entry.saving")
              : mode === "edit"
                ? t("entry.saveChanges")
                : t(kind === "income" ? "entry.addIncome" : "entry.addExpense")}
          </Button>
        )}
        {footer}
      </div>
    </Form>
  );
}

/** Milliseconds of quiet typing before the form asks for a suggestion. */
const suggestionDelay = 350;

/**
 * While an entry is typed by hand, asks the rules (GET /app/rules/suggest, a feature above this one) which category it
 * would get and why, when the description or the amount changes. Without JavaScript nothing is asked: the form works
 * as it always did, and saving stays the user's decision either way.
 */
function useEntrySuggestion({
  enabled,
  kind,
  amountRef,
  descriptionRef,
}: {
  enabled: boolean;
  kind: TransactionKind;
  amountRef: RefObject<HTMLInputElement | null>;
  descriptionRef: RefObject<HTMLInputElement | null>;
}): { suggestion: EntrySuggestion | null; askedFor: string } {
  const fetcher = useFetcher<{ suggestion: EntrySuggestion | null }>();
  const load = useRef(fetcher.load);
  useEffect(() => {
    load.current = fetcher.load;
  });
  const asked = useRef("");
  const [askedFor, setAskedFor] = useState("");

  useEffect(() => {
    if (!enabled) return;
    const amount = amountRef.current;
    const description = descriptionRef.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const query = new URLSearchParams({
          kind,
          description: description?.value.trim() ?? "",
          amount: amount?.value.trim() ?? "",
        });
        // Offline there is nobody to ask (and a failed load would take the page to its error boundary).
        if ((!query.get("description") && !query.get("amount")) || !navigator.onLine) return;
        const url = `/app/rules/suggest?${query}`;
        if (url === asked.current) return;
        asked.current = url;
        setAskedFor(query.get("description") ?? "");
        void load.current(url);
      }, suggestionDelay);
    };
    ask();
    amount?.addEventListener("input", ask);
    description?.addEventListener("input", ask);
    return () => {
      clearTimeout(timer);
      amount?.removeEventListener("input", ask);
      description?.removeEventListener("input", ask);
    };
  }, [enabled, kind, amountRef, descriptionRef]);

  return { suggestion: enabled ? (fetcher.data?.suggestion ?? null) : null, askedFor };
}

const segment = cn(segmentClass, "h-9");

/**
 * "Shared · Personal" and "Paid by: me · partner" (for income, "Received by"), one tap each. Only in a household of two
 * or more: a household of one never sees them, and its entries take the account's default and the entering member.
 * Until the user taps one, a rule that marks the expense shared or personal preselects its answer, else the category's
 * default in this household (groceries, housing, utilities start shared), else the account's (`startsShared`), and the
 * form says which.
 */
function EntrySharingFields({
  kind,
  values,
  suggested,
  categoryId,
}: {
  kind: TransactionKind;
  values: TransactionFormValues;
  suggested: EntrySuggestion["sharing"];
  categoryId: string;
}) {
  const { t } = useTranslation("app");
  const sharing = useEntrySharing();
  const categories = useCategories();
  const [chosen, setChosen] = useState(values.shared);
  if (!sharing) return null;
  const byRule = kind === "expense" ? suggested : null;
  const { shared, because } = startsShared({
    chosen,
    rule: byRule?.shared,
    category: categories.byId(categoryId)?.sharing ?? "account",
    account: sharing.defaultShared,
  });
  const hint =
    because === "rule" && byRule
      ? byRule.reason.about
        ? t("entry.suggestion.rule", { about: byRule.reason.about })
        : t("entry.suggestion.anyRule")
      : because === "category"
        ? t(shared ? "entry.suggestion.category" : "entry.suggestion.categoryPersonal", {
            category: categories.label(categories.byId(categoryId)),
          })
        : null;
  const memberUserId = values.memberUserId ?? sharing.currentUserId;
  // Me first, then the others by when they joined.
  const members = [...sharing.members].sort(
    (a, b) => Number(b.userId === sharing.currentUserId) - Number(a.userId === sharing.currentUserId),
  );
  return (
    <div className="flex flex-col gap-2">
      {kind === "expense" && (
        <fieldset>
          <legend className="sr-only">{t("entryShare.legend")}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-secondary p-1">
            {([true, false] as const).map((option) => (
              <label key={String(option)} className={segment}>
                <input
                  type="radio"
                  name="shared"
                  value={option ? "1" : "0"}
                  checked={shared === option}
                  onChange={() => setChosen(option)}
                  className="peer sr-only"
                />
                <SegmentCheck />
                {t(option ? "entryShare.shared" : "entryShare.personal")}
              </label>
            ))}
          </div>
          <p
            aria-live="polite"
            className={cn("mt-1 flex min-h-5 items-center gap-1.5 text-xs text-muted-foreground", !hint && "sr-only")}
            data-testid="sharing-suggestion"
          >
            {hint && (
              <>
                <SparklesIcon aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
                <span className="truncate">{hint}</span>
              </>
            )}
          </p>
        </fieldset>
      )}
      <fieldset className="flex items-center gap-2">
        <legend className="float-left mr-1 shrink-0 text-sm text-muted-foreground">
          {t(kind === "income" ? "entryShare.receivedBy" : "entryShare.paidBy")}
        </legend>
        <div className="flex min-w-0 flex-1 gap-1 rounded-lg bg-secondary p-1">
          {members.map((member) => (
            <label key={member.userId} className={cn(segment, "flex-1")}>
              <input
                type="radio"
                name="memberUserId"
                value={member.userId}
                defaultChecked={memberUserId === member.userId}
                className="peer sr-only"
              />
              <SegmentCheck />
              <span className="truncate">
                {member.userId === sharing.currentUserId ? t("entryShare.me") : member.name}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
