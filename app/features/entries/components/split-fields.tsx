import SplitIcon from "lucide-react/icons/split";
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { useTranslation } from "~/i18n/react";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/field-error";
import type { TransactionKind } from "~/domain/categories";
import { amountToInput, minorDigits, parseAmount } from "~/domain/money";
import { lineRowsToShow, remainingMinor, splitEvenly } from "~/domain/splits";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";
import { lineNoteMaxLength } from "../transaction.schema";
import { useCategories, useEntrySharing } from "./use-budget-shell";
import { useHydrated } from "~/lib/use-hydrated";

/** A line of a split as the form shows it: saved (amount in minor units) or as typed (a refused form). */
export interface SplitLineValue {
  categoryId: string;
  amountMinor?: number;
  amount?: string;
  shared?: boolean;
  note: string;
}

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/**
 * "Split this payment" (decision 0018): line rows, each with its category, amount, shared or personal (in a household
 * of two) and a note. A plain form: it posts every row, empty rows are ignored, and the server refuses lines that do
 * not add up; two or more filled rows split the entry, none make it one line again. With JavaScript it also says, as
 * you type, what is left to assign, and "Split evenly" shares the amount among the rows in use.
 */
export function SplitFields({
  kind,
  categoryId,
  lines,
  amountRef,
  totalMinor,
  error,
  namePrefix = "",
  evenlyValue = "1",
  currency,
}: {
  kind: TransactionKind;
  /** The entry's category: the first choice of an empty row. */
  categoryId: string;
  lines: readonly SplitLineValue[];
  /** The entry's amount field, where the amount can change; without it the amount is `totalMinor`. */
  amountRef?: RefObject<HTMLInputElement | null>;
  /** The entry's saved amount, for what its saved lines leave before anything is typed. */
  totalMinor?: number;
  error?: string;
  /** Before every field's name, where one form holds several splits (the import preview: one per row). */
  namePrefix?: string;
  /** The entry's currency (its account's); absent: the household's. */
  currency?: string;
  /** What "Split evenly" posts as `splitEvenly` before the script runs: which split to share out. */
  evenlyValue?: string;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const sharing = useEntrySharing();
  const id = useId();
  const rowsRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  // Parts are typed in the entry's currency's minor digits (the household's currencies all have two).
  const digits = minorDigits(currency ?? format.currency);
  const filled = lines.length > 1 ? lines : [];
  // What the saved lines leave; from the first keystroke on, what the typed ones do.
  const [remaining, setRemaining] = useState<number | null>(() =>
    totalMinor !== undefined && filled.every((line) => line.amountMinor !== undefined) && filled.length > 0
      ? remainingMinor(
          totalMinor,
          filled.map((line) => line.amountMinor ?? 0),
        )
      : null,
  );
  // The server's message is about the parts as they were posted: once any part changes, the live status speaks.
  const [changed, setChanged] = useState(false);
  const shownError = changed ? undefined : error;
  const rows = [...filled, ...Array.from({ length: lineRowsToShow(filled.length) - filled.length }, () => undefined)];

  const amountInputs = useCallback(
    () => [...(rowsRef.current?.querySelectorAll<HTMLInputElement>("input[data-line-amount]") ?? [])],
    [],
  );
  const entryTotal = useCallback(
    () =>
      amountRef
        ? parseAmount(amountRef.current?.value, format.language, { digits })
        : totalMinor === undefined
          ? ({ ok: false } as const)
          : ({ ok: true, minor: totalMinor } as const),
    [amountRef, totalMinor, format.language, digits],
  );
  const recount = useCallback(() => {
    const total = entryTotal();
    const typed = amountInputs()
      .map((input) => input.value.trim())
      .filter(Boolean);
    if (!total.ok || typed.length === 0) return setRemaining(null);
    const parsed = typed.map((value) => parseAmount(value, format.language, { digits }));
    setRemaining(
      parsed.every((amount) => amount.ok)
        ? remainingMinor(
            total.minor,
            parsed.map((amount) => (amount.ok ? amount.minor : 0)),
          )
        : null,
    );
  }, [amountInputs, entryTotal, format.language, digits]);

  useEffect(() => {
    const amount = amountRef?.current;
    amount?.addEventListener("input", recount);
    return () => amount?.removeEventListener("input", recount);
  }, [amountRef, recount]);

  const shareEvenly = () => {
    const total = entryTotal();
    if (!total.ok) return;
    const inputs = amountInputs();
    const used = inputs.filter((input) => input.value.trim());
    const targets = used.length >= 2 ? used : inputs.slice(0, 2);
    splitEvenly(total.minor, targets.length).forEach((minor, index) => {
      const input = targets[index];
      if (input) input.value = amountToInput(minor, format.language, digits);
    });
    setChanged(true);
    recount();
  };

  const status =
    remaining === null
      ? null
      : remaining === 0
        ? t("entry.split.addsUp")
        : remaining > 0
          ? t("entry.split.remaining", { amount: format.money(remaining, currency) })
          : t("entry.split.over", { amount: format.money(-remaining, currency) });

  return (
    <section className="rounded-lg border" aria-labelledby={`${id}-title`} data-testid="split">
      <h2 id={`${id}-title`} className="flex min-h-11 items-center gap-2 px-3 text-sm font-medium">
        <SplitIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        {t("entry.split.title")}
      </h2>
      <div className="flex flex-col gap-3 border-t px-3 pb-3 pt-3">
        <input type="hidden" name={`${namePrefix}split`} value="1" />
        {!hydrated && (
          // Enter in a field submits with the form's first submit button: without this one it would be "Split evenly".
          <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
            {t("entry.saveChanges")}
          </button>
        )}
        <p className="text-xs text-muted-foreground">{t("entry.split.hint")}</p>
        <div
          ref={rowsRef}
          className="flex flex-col gap-3"
          onInput={() => {
            setChanged(true);
            recount();
          }}
        >
          {rows.map((line, index) => (
            <fieldset
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-2 border-b pb-3 last:border-b-0 last:pb-0"
              data-testid="split-line"
            >
              <legend className="sr-only">{t("entry.split.line", { number: index + 1 })}</legend>
              <label className="sr-only" htmlFor={`${id}-category-${index}`}>
                {t("entry.split.category", { number: index + 1 })}
              </label>
              <select
                id={`${id}-category-${index}`}
                name={`${namePrefix}lineCategoryId`}
                defaultValue={line?.categoryId ?? categoryId}
                className={selectClass}
              >
                {categories.ofKind(kind).map((category) => (
                  <option key={category.id} value={category.id}>
                    {categories.label(category)}
                  </option>
                ))}
              </select>
              <label className="sr-only" htmlFor={`${id}-amount-${index}`}>
                {t("entry.split.amount", { number: index + 1 })}
              </label>
              <Input
                id={`${id}-amount-${index}`}
                name={`${namePrefix}lineAmount`}
                data-line-amount=""
                inputMode="decimal"
                autoComplete="off"
                className="text-right tabular-nums"
                defaultValue={
                  line?.amount ??
                  (line?.amountMinor !== undefined ? amountToInput(line.amountMinor, format.language, digits) : "")
                }
                aria-invalid={shownError && line ? true : undefined}
              />
              <div
                className={cn(
                  "col-span-2 grid gap-2",
                  sharing && kind === "expense" && "min-[400px]:grid-cols-[10rem_minmax(0,1fr)]",
                )}
              >
                {sharing && kind === "expense" ? (
                  <>
                    <label className="sr-only" htmlFor={`${id}-shared-${index}`}>
                      {t("entry.split.sharing", { number: index + 1 })}
                    </label>
                    <select
                      id={`${id}-shared-${index}`}
                      name={`${namePrefix}lineShared`}
                      defaultValue={line?.shared === undefined ? "" : line.shared ? "1" : "0"}
                      className={selectClass}
                    >
                      <option value="">{t("entry.split.asEntry")}</option>
                      <option value="1">{t("entryShare.shared")}</option>
                      <option value="0">{t("entryShare.personal")}</option>
                    </select>
                  </>
                ) : (
                  <input type="hidden" name={`${namePrefix}lineShared`} value="" />
                )}
                <label className="sr-only" htmlFor={`${id}-note-${index}`}>
                  {t("entry.split.note", { number: index + 1 })}
                </label>
                <Input
                  id={`${id}-note-${index}`}
                  name={`${namePrefix}lineNote`}
                  maxLength={lineNoteMaxLength}
                  placeholder={t("entry.split.notePlaceholder")}
                  defaultValue={line?.note ?? ""}
                  autoComplete="off"
                />
              </div>
            </fieldset>
          ))}
        </div>
        <FieldError message={shownError} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p
            aria-live="polite"
            className={cn(
              "min-h-5 text-sm tabular-nums",
              remaining === 0 ? "text-primary" : remaining !== null && "font-medium text-destructive",
            )}
            data-testid="split-remaining"
          >
            {status}
          </p>
          {hydrated ? (
            <button
              type="button"
              onClick={shareEvenly}
              className="min-h-11 rounded-md px-3 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("entry.split.evenly")}
            </button>
          ) : (
            // Before the script runs it posts the form, and the server shares the amount and shows the rows again.
            <button
              type="submit"
              name="splitEvenly"
              value={evenlyValue}
              formNoValidate
              className="min-h-11 rounded-md px-3 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("entry.split.evenly")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
