import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { categoryLabel, type CategoryView } from "~/domain/categories";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { cn } from "~/lib/cn";
import { LearnOfferPrompt } from "~/features/rules/components/learn-offer";
import SplitIcon from "lucide-react/icons/split";
import type { PostedLine } from "~/features/entries/transaction.schema";
import { SplitFields } from "~/features/entries/components/split-fields";
import { useHydrated } from "~/lib/use-hydrated";
import { layoutProposal } from "../layout-proposal";
import { rowSplitPrefix, splitChoice, type TypedPreview } from "../preview-choices";
import type { ImportPreview as Preview, PreviewRow } from "../statement-import.server";

type ShownPreview = Extract<Preview, { kind: "preview" }>;

const formatNames: Record<ShownPreview["format"], string> = {
  csv: "CSV",
  camt: "CAMT.053",
  mt940: "MT940",
  ofx: "OFX",
  qif: "QIF",
};

const selectClass = "h-10 w-full min-w-40 rounded-md border border-input bg-card px-2 text-sm shadow-xs";

interface ImportPreviewProps {
  preview: ShownPreview;
  householdId: string;
  accounts: { id: string; name: string | null }[];
  /** The columns the mapping step chose, as JSON, so the confirmation reads the file the same way. */
  mapping: string | null;
  /** What was chosen and typed, when the server shows the preview again. */
  typed?: TypedPreview;
  /** Messages about rows' own splits, by line. */
  splitErrors?: Record<string, string>;
}

/**
 * Every row of the file and what confirming would do with it; nothing is written until "Import N rows". A table on
 * wide screens, one card per row on phones (the same elements restyled, so each field is posted once).
 */
export function ImportPreview({ preview, householdId, accounts, mapping, typed, splitErrors }: ImportPreviewProps) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const navigation = useNavigation();
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(() => new Set(typed?.unticked));
  const accountName = (id: string | null) => {
    const account = accounts.find((candidate) => candidate.id === id);
    return account?.name ?? t("accounts.everyday");
  };
  const { summary } = preview;
  const importable = summary.new + summary.transfers + summary.matched;
  const count = importable - unticked.size;
  const latest = preview.rows.reduce((last, row) => (row.bookedOn > last ? row.bookedOn : last), "");
  const saving = navigation.state === "submitting" && navigation.formAction === "/app/import";
  const usable = (kind: "income" | "expense") =>
    preview.categories.filter((category) => category.kind === kind && !category.archived);
  const label = (category: CategoryView) => categoryLabel(category, (key) => t(`app:${key}`));

  const toggle = (line: number, included: boolean) =>
    setUnticked((previous) => {
      const next = new Set(previous);
      if (included) next.delete(line);
      else next.add(line);
      return next;
    });

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("import.preview.title")}</h1>
        <p className="mt-1 break-words text-sm text-muted-foreground">
          {t("import.preview.file", { file: preview.fileName, format: formatNames[preview.format] })}
          {preview.bank && <> · {t("import.preview.bank", { bank: preview.bank })}</>}
        </p>
      </div>
      <Card className="p-4 text-sm font-medium" role="status">
        {t(summary.matched > 0 ? "import.preview.summaryWithMatched" : "import.preview.summary", {
          rows: t("import.preview.summaryRows", { count: summary.rows }),
          new: t("import.preview.summaryNew", { count: summary.new }),
          matched: t("import.preview.summaryMatched", { count: summary.matched }),
          duplicates: t("import.preview.summaryDuplicates", { count: summary.duplicates }),
          transfers: t("import.preview.summaryTransfers", { count: summary.transfers }),
        })}
        {summary.rows > preview.rows.length && (
          <span className="mt-1 block font-normal text-muted-foreground">
            {t("import.preview.more", { shown: preview.rows.length, rows: summary.rows })}
          </span>
        )}
      </Card>

      <Form method="post" action="/app/import" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="householdId" value={householdId} />
        <input type="hidden" name="draftId" value={preview.draftId} />
        <input type="hidden" name="accountId" value={preview.accountId} />
        {latest && <input type="hidden" name="month" value={latest.slice(0, 7)} />}
        {mapping && <input type="hidden" name="mapping" value={mapping} />}

        <table className="w-full border-collapse text-sm max-md:block">
          <caption className="sr-only">{t("import.preview.title")}</caption>
          {/* Phones show each row as a card whose controls carry their own labels. */}
          <thead className="max-md:hidden">
            <tr className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
              <th scope="col" className="w-10 py-2 pr-2">
                <span className="sr-only">{t("import.preview.include")}</span>
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("import.preview.date")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("import.preview.description")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t("import.preview.amount")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("import.preview.status")}
              </th>
              <th scope="col" className="py-2">
                {t("import.preview.category")}
              </th>
            </tr>
          </thead>
          <tbody className="max-md:flex max-md:flex-col max-md:gap-2">
            {preview.rows.map((row) => (
              <PreviewTableRow
                key={row.line}
                row={row}
                currency={preview.currency}
                householdId={householdId}
                included={!unticked.has(row.line)}
                onToggle={(included) => toggle(row.line, included)}
                status={statusText(row, t, accountName, format.date)}
                categories={usable(row.amountMinor >= 0 ? "income" : "expense")}
                label={label}
                amount={`${row.amountMinor >= 0 ? "+" : "−"}${format.money(Math.abs(row.amountMinor), preview.currency)}`}
                date={format.date(row.bookedOn)}
                typedCategory={typed?.categories[row.line]}
                typedAsNew={typed?.asNew?.includes(row.line) ?? false}
                ownSplit={typed?.splits[row.line]}
                splitError={splitErrors?.[row.line]}
              />
            ))}
          </tbody>
        </table>

        {importable === 0 && <p className="text-sm text-muted-foreground">{t("import.preview.nothingNew")}</p>}
        <div className="flex flex-col gap-2 sm:flex-row">
          {importable > 0 && (
            <Button type="submit" size="lg" disabled={saving || count === 0}>
              {t("import.preview.confirm", { count })}
            </Button>
          )}
          <Button asChild size="lg" variant="outline">
            <Link to={`/app/import?account=${preview.accountId}`}>{t("import.preview.startOver")}</Link>
          </Button>
        </div>
      </Form>
      {mapping && <ShareLayout mapping={mapping} fileName={preview.fileName} />}
    </div>
  );
}

function statusText(
  row: PreviewRow,
  t: TFunction<"money">,
  accountName: (id: string | null) => string,
  date: (isoDate: string) => string,
): string {
  if (row.status === "entry-matched" && row.matchedEntry)
    return t("import.preview.statuses.entry-matched", {
      title: row.matchedEntry.title,
      date: date(row.matchedEntry.occurredOn),
    });
  if (row.status === "transfer")
    return t(row.amountMinor < 0 ? "import.preview.statuses.transfer" : "import.preview.statuses.transferIn", {
      account: accountName(row.otherAccountId),
    });
  return t(`import.preview.statuses.${row.status}`);
}

interface PreviewTableRowProps {
  row: PreviewRow;
  /** The account's currency, which the file's amounts are in. */
  currency: string;
  householdId: string;
  included: boolean;
  onToggle: (included: boolean) => void;
  status: string;
  categories: CategoryView[];
  label: (category: CategoryView) => string;
  amount: string;
  date: string;
  /** The category chosen before the server showed the preview again. */
  typedCategory?: string;
  /** "Add as a new entry instead" ticked before the server showed the preview again. */
  typedAsNew: boolean;
  /** The row's own parts as typed, when the server shows the preview again (empty: just opened). */
  ownSplit?: PostedLine[];
  splitError?: string;
}

function PreviewTableRow({
  row,
  currency,
  householdId,
  included,
  onToggle,
  status,
  categories,
  label,
  amount,
  date,
  typedCategory,
  typedAsNew,
  ownSplit,
  splitError,
}: PreviewTableRowProps) {
  const { t } = useTranslation("money");
  // The category the user picked instead of the suggested one: Samen then offers to always do so for this payee.
  // Kept with the suggestion it replaced, so the answer stays in view when learning changes the suggestion.
  const [picked, setPicked] = useState<{ categoryId: string; instead: string | null } | null>(null);
  const firstChoice = typedCategory ?? (row.split ? splitChoice : row.categoryId);
  // The rule's split is kept until the person chooses one category for the row instead.
  const [keepsSplit, setKeepsSplit] = useState(firstChoice === splitChoice);
  const format = useFormat();
  const categoryName = (id: string) => {
    const found = categories.find((category) => category.id === id);
    return found ? label(found) : "";
  };
  const duplicate = row.status === "duplicate";
  const checkboxId = `include-${row.line}`;
  const description = row.title;
  // A row's rule outranks payee memory: there only a learned rule for the counterparty can change the category.
  const payee = row.categorySource === "rule" ? null : row.payee;
  const offer =
    picked && !keepsSplit && picked.categoryId !== picked.instead && (payee || row.counterparty)
      ? {
          counterparty: payee?.name ?? row.counterparty ?? "",
          categoryId: picked.categoryId,
          kind: row.amountMinor >= 0 ? ("income" as const) : ("expense" as const),
          payee,
        }
      : null;
  return (
    <tr
      className={cn(
        "border-b align-top max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-xl max-md:border max-md:bg-card max-md:p-3",
        (duplicate || !included) && "text-muted-foreground",
      )}
    >
      <td className="py-3 pr-2 max-md:row-span-4 max-md:py-0.5">
        {!duplicate && (
          <>
            <input type="hidden" name="row" value={row.line} />
            <input
              id={checkboxId}
              type="checkbox"
              name="include"
              value={row.line}
              defaultChecked={included}
              onChange={(event) => onToggle(event.currentTarget.checked)}
              className="size-5 accent-primary"
              aria-label={`${t("import.preview.include")}: ${description}`}
            />
          </>
        )}
      </td>
      <td className="whitespace-nowrap py-3 pr-3 max-md:col-start-2 max-md:row-start-2 max-md:py-0 max-md:text-xs max-md:text-muted-foreground">
        {date}
      </td>
      <td className="py-3 pr-3 max-md:col-start-2 max-md:row-start-1 max-md:py-0">
        <span className="block break-words font-medium text-foreground">{description}</span>
        {row.description && row.description !== description && (
          <span className="block break-words text-xs text-muted-foreground">{row.description}</span>
        )}
      </td>
      <td
        className={cn(
          "whitespace-nowrap py-3 pr-3 text-right font-semibold tabular-nums max-md:col-start-3 max-md:row-start-1 max-md:py-0",
          row.amountMinor >= 0 ? "text-emerald-700" : "text-foreground",
        )}
      >
        {amount}
      </td>
      <td className="py-3 pr-3 max-md:col-span-2 max-md:col-start-2 max-md:py-0 max-md:text-xs">
        {status}
        {row.transferByRule && (
          <span className="block text-xs text-muted-foreground">{t("import.preview.why.rule")}</span>
        )}
        {row.status === "entry-matched" && (
          // Linked to the entry unless the person says this is another payment of the same amount.
          <label className="mt-1 flex min-h-11 items-center gap-2 text-sm text-foreground">
            <input
              type="checkbox"
              name="asNew"
              value={row.line}
              defaultChecked={typedAsNew}
              className="size-5 accent-primary"
              aria-label={`${t("import.preview.asNew")}: ${description}`}
            />
            {t("import.preview.asNew")}
          </label>
        )}
      </td>
      <td className="py-2 max-md:col-span-2 max-md:col-start-2 max-md:pt-1">
        {row.status === "new" && row.categoryId && (
          <>
            <label htmlFor={`category-${row.line}`} className="sr-only">
              {`${t("import.preview.category")}: ${description}`}
            </label>
            <select
              // A rule learned from another row changes this row's suggestion: the select starts again from it.
              key={row.categoryId}
              id={`category-${row.line}`}
              name={`category-${row.line}`}
              defaultValue={firstChoice ?? undefined}
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                setKeepsSplit(chosen === splitChoice);
                if (chosen !== splitChoice) setPicked({ categoryId: chosen, instead: row.categoryId });
              }}
              className={selectClass}
              aria-describedby={`why-${row.line}`}
            >
              {row.split && (
                <option value={splitChoice}>{t("import.preview.split.keep", { count: row.split.length })}</option>
              )}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {label(category)}
                </option>
              ))}
            </select>
            {row.split && keepsSplit && (
              <ul
                className="mt-1 flex flex-col text-xs text-muted-foreground"
                aria-label={t("import.preview.split.lines")}
              >
                {row.split.map((line, index) => (
                  <li key={index} className="flex justify-between gap-3">
                    <span className="min-w-0 break-words">
                      {categoryName(line.categoryId)}
                      {line.sharing && ` · ${t(`import.preview.split.${line.sharing}`)}`}
                    </span>
                    <span className="tabular-nums">{format.money(line.amountMinor, currency)}</span>
                  </li>
                ))}
              </ul>
            )}
            {row.categorySource && (
              <span id={`why-${row.line}`} className="mt-1 block text-xs text-muted-foreground">
                {whyText(row, t)}
              </span>
            )}
            {offer && (
              <LearnOfferPrompt key={offer.categoryId} offer={offer} householdId={householdId} className="mt-2" />
            )}
            <OwnSplit
              currency={currency}
              row={row}
              description={description}
              categoryId={row.categoryId}
              lines={ownSplit}
              error={splitError}
            />
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * The person's own split of a row: "Split this payment" opens the entry form's part rows, whose parts then win over
 * the category above and a rule's split. Before the script runs the button asks the server to show them.
 */
function OwnSplit({
  row,
  currency,
  description,
  categoryId,
  lines,
  error,
}: {
  row: PreviewRow;
  currency: string;
  description: string;
  categoryId: string;
  lines?: PostedLine[];
  error?: string;
}) {
  const { t } = useTranslation("money");
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!opened && lines === undefined && !error) {
    const buttonClass =
      "mt-1 flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline";
    const title = t("app:entry.split.title");
    const content = (
      <>
        <SplitIcon aria-hidden="true" className="size-4" />
        {title}
      </>
    );
    // Named with the row, since every row has one; the name starts with what the button shows.
    const name = `${title}: ${description}`;
    return hydrated ? (
      <button type="button" className={buttonClass} aria-label={name} onClick={() => setOpened(true)}>
        {content}
      </button>
    ) : (
      <button type="submit" name="splitRow" value={row.line} formNoValidate className={buttonClass} aria-label={name}>
        {content}
      </button>
    );
  }
  return (
    <div className="mt-2">
      <SplitFields
        kind={row.amountMinor >= 0 ? "income" : "expense"}
        categoryId={categoryId}
        lines={(lines ?? []).map((line) => ({
          categoryId: line.categoryId,
          amount: line.amount,
          note: line.note,
          ...(line.shared === "" ? {} : { shared: line.shared === "1" }),
        }))}
        totalMinor={Math.abs(row.amountMinor)}
        currency={currency}
        error={error}
        namePrefix={rowSplitPrefix(row.line)}
        evenlyValue={String(row.line)}
      />
    </div>
  );
}

/**
 * "Share this layout": the columns the person chose in the mapping step, as a preset proposal (JSON) they can send us,
 * so the next customer of their bank skips the step. A plain download link (a data URL): no script, no request.
 */
function ShareLayout({ mapping, fileName }: { mapping: string; fileName: string }) {
  const { t } = useTranslation("money");
  const proposal = layoutProposal(mapping, fileName);
  if (!proposal) return null;
  const base =
    fileName
      .replace(/\.[^.]*$/, "")
      .replace(/[^\p{L}\p{N}_-]+/gu, "-")
      .slice(0, 60) || "statement";
  return (
    <p className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:items-center sm:gap-3">
      <a
        href={`data:application/json;charset=utf-8,${encodeURIComponent(proposal)}`}
        download={`samen-layout-${base}.json`}
        className="flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
      >
        {t("import.preview.shareLayout")}
      </a>
      <span>{t("import.preview.shareLayoutHint")}</span>
    </p>
  );
}

/** Why the row has its category, in the person's words: a rule, their choice for the payee, a known shop, a word. */
function whyText(row: PreviewRow, t: TFunction<"money">): string {
  if (row.categorySource === "rule" && row.ruleAbout) return t("import.preview.why.ruleFor", { about: row.ruleAbout });
  if (row.categorySource === "keyword" && row.keyword) return t("import.preview.why.keyword", { word: row.keyword });
  if (row.categorySource === "known" && row.amountMinor > 0) return t("import.preview.why.knownPayer");
  return t(`import.preview.why.${row.categorySource ?? "default"}`);
}
