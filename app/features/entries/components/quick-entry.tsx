import PlusIcon from "lucide-react/icons/plus";
import Trash2Icon from "lucide-react/icons/trash";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { learnFields } from "~/domain/rules/rule-types";
import { tDynamic } from "~/i18n/translator";
import { Link, useFetcher, useLocation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ConflictNotice, useRowConflict } from "~/components/ui/conflict-notice";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { showToast } from "~/components/ui/toast";
import { defaultCategoryId, type TransactionKind } from "~/domain/categories";
import { cn } from "~/lib/cn";
import type { handleTransactionAction, TransactionActionResult } from "../transaction-actions.server";
import type { TransactionView } from "../transactions.server";
import { useEntryValues } from "./entry-values";
import { TransactionForm } from "./transaction-form";
import { useCategories } from "./use-budget-shell";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { householdName } from "~/features/household/household-name";

type Refusal = Extract<TransactionActionResult, { ok: false }>;

const isConflict = (refusal: Refusal | undefined) => refusal?.fieldErrors.form?.startsWith("conflict.") ?? false;

interface QuickEntryApi {
  openAdd(kind?: TransactionKind): void;
  /** Edits an entry with the version its values were read with (a save from an older one is refused as a conflict). */
  openEdit(transaction: TransactionView): void;
  /** Deletes with an undo toast; used by the edit sheet and list rows. */
  remove(transaction: TransactionView): void;
}

const QuickEntryContext = createContext<QuickEntryApi | null>(null);

export function useQuickEntry(): QuickEntryApi | null {
  return useContext(QuickEntryContext);
}

function useIsPhone() {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(max-width: 767px)");
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return phone;
}

/** Runs `handle` once for each new answer of a fetcher. */
function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, handle: (result: T) => void) {
  const seen = useRef<T | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== seen.current) {
      seen.current = fetcher.data;
      latest.current(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
}

/**
 * Quick entry, one tap from every /app screen: the floating + opens a sheet (from the bottom on a phone,
 * the side on a desktop). Without JavaScript the + is a link to the full add page.
 */
export function QuickEntryProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const format = useFormat();
  const location = useLocation();
  const phone = useIsPhone();
  const [state, setState] = useState<{
    open: boolean;
    mode: "add" | "edit";
    kind: TransactionKind;
    transaction?: TransactionView;
    version: number;
  }>({
    open: false,
    mode: "add",
    kind: "expense",
    version: 0,
  });
  // The last refused save or delete of the open sheet: field messages, or a conflict with the entry as it is now.
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const save = useFetcher<typeof handleTransactionAction>({ key: "quick-entry" });
  const removal = useFetcher<typeof handleTransactionAction>({ key: "entry-delete" });
  const restore = useFetcher<typeof handleTransactionAction>({ key: "entry-restore" });
  // "Always put … in …? Yes" posts to the Rules screen's action (a feature above this one, so only its address is known here).
  const learn = useFetcher<{ ok: boolean; fieldErrors?: Record<string, string | undefined> }>({ key: "learn-rule" });
  const categories = useCategories();
  const entryValues = useEntryValues();
  const revalidator = useRevalidator();

  const openAdd = useCallback((kind: TransactionKind = "expense") => {
    setRefusal(undefined);
    setState((previous) => ({ open: true, mode: "add", kind, version: previous.version + 1 }));
  }, []);
  const openEdit = useCallback((transaction: TransactionView) => {
    setRefusal(undefined);
    setState((previous) => ({
      open: true,
      mode: "edit",
      kind: transaction.kind,
      transaction,
      version: previous.version + 1,
    }));
  }, []);
  const remove = useCallback(
    (transaction: TransactionView) => {
      removal.submit(
        { intent: "delete", js: "1", householdId: shell.household.id, version: transaction.version },
        { method: "post", action: `/app/transactions/${transaction.id}` },
      );
    },
    [removal, shell.household.id],
  );

  useFetcherResult(save, (result) => {
    if (!result.ok) {
      setRefusal(result);
      return;
    }
    setState((previous) => ({ ...previous, open: false }));
    const offer = result.learnOffer;
    if (offer) {
      const names = { counterparty: offer.counterparty, category: categories.label(categories.byId(offer.categoryId)) };
      showToast({
        title: t("toast.updated"),
        description: t("entry.learn.question", names),
        duration: 15_000,
        action: {
          label: t("entry.learn.yes"),
          onClick: () =>
            learn.submit(
              { ...learnFields(offer, shell.household.id), js: "1" },
              { method: "post", action: "/app/rules" },
            ),
        },
        cancel: { label: t("entry.learn.no"), onClick: () => {} },
      });
      return;
    }
    const amount = format.money(result.transaction.amountMinor, result.transaction.currency);
    showToast({
      title:
        result.intent === "update"
          ? t("toast.updated")
          : t(result.transaction.kind === "income" ? "toast.incomeAdded" : "toast.expenseAdded", { amount }),
      variant: "success",
    });
  });

  useFetcherResult(removal, (result) => {
    if (!result.ok) {
      // Changed or deleted meanwhile: the sheet shows what it says now and asks again.
      if (isConflict(result)) setRefusal(result);
      else if (result.fieldErrors.form)
        showToast({ title: tDynamic(t, result.fieldErrors.form), variant: "destructive" });
      return;
    }
    setState((previous) => ({ ...previous, open: false }));
    const deleted = result.transaction;
    showToast({
      title: t(deleted.kind === "income" ? "toast.incomeDeleted" : "toast.expenseDeleted", {
        amount: format.money(deleted.amountMinor, deleted.currency),
      }),
      duration: 8000,
      action: {
        label: t("toast.undo"),
        onClick: () =>
          restore.submit(
            {
              intent: "restore",
              js: "1",
              householdId: shell.household.id,
            },
            { method: "post", action: `/app/transactions/${deleted.id}` },
          ),
      },
    });
  });

  useFetcherResult(learn, (result) => {
    if (result.ok) showToast({ title: t("entry.learn.done"), variant: "success" });
    else if (result.fieldErrors?.form)
      showToast({ title: tDynamic(t, result.fieldErrors.form), variant: "destructive" });
  });

  useFetcherResult(restore, (result) => {
    if (result.ok) showToast({ title: t("toast.restored"), variant: "success" });
  });

  const api = useMemo(() => ({ openAdd, openEdit, remove }), [openAdd, openEdit, remove]);
  const editing = state.mode === "edit" ? state.transaction : undefined;
  const here = location.pathname + location.search;
  const loadedVersion = editing?.version ?? "";
  const saveConflict = useRowConflict(editing && refusal?.intent === "update" ? refusal : undefined, loadedVersion);
  const deleteConflict = useRowConflict(editing && refusal?.intent === "delete" ? refusal : undefined, loadedVersion);
  const errors = isConflict(refusal) ? undefined : refusal?.fieldErrors;
  // "Use theirs": the sheet's form starts again from the entry as the other person left it.
  const takeTheirs = (current: TransactionView | undefined) => {
    setRefusal(undefined);
    if (current)
      setState((previous) => ({
        ...previous,
        transaction: current,
        kind: current.kind,
        version: previous.version + 1,
      }));
    void revalidator.revalidate();
  };

  return (
    <QuickEntryContext.Provider value={api}>
      {children}
      {shell.household.canWrite && (
        <aside aria-label={t("entry.quickAdd")}>
          <Button
            asChild
            size="icon"
            className="fixed bottom-[calc(5.25rem+env(safe-area-inset-bottom))] right-4 z-30 size-14 rounded-full shadow-lg shadow-primary/30 md:hidden"
          >
            <Link
              to={`/app/transactions/new?redirectTo=${encodeURIComponent(here)}`}
              onClick={(event) => {
                event.preventDefault();
                openAdd(location.pathname.startsWith("/app/income") ? "income" : "expense");
              }}
              aria-label={t("entry.quickAdd")}
              data-testid="quick-add"
            >
              <PlusIcon className="!size-7" aria-hidden="true" />
            </Link>
          </Button>
        </aside>
      )}
      <Sheet open={state.open} onOpenChange={(open) => setState((previous) => ({ ...previous, open }))}>
        <SheetContent
          side={phone ? "bottom" : "right"}
          closeLabel={t("actions.close")}
          className={cn(phone ? "pb-[calc(1.5rem+env(safe-area-inset-bottom))]" : "w-full max-w-md sm:max-w-md")}
          aria-describedby={undefined}
        >
          <div className="flex flex-col gap-1 pr-8">
            <SheetTitle className="text-lg font-semibold">
              {t(editing ? "entry.editTitle" : "entry.addTitle")}
            </SheetTitle>
            <SheetDescription className="text-sm text-muted-foreground">
              {householdName(shell.household, t)}
            </SheetDescription>
          </div>
          {editing && (deleteConflict.current || deleteConflict.gone) && (
            <removal.Form method="post" action={`/app/transactions/${editing.id}`}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="js" value="1" />
              <input type="hidden" name="householdId" value={shell.household.id} />
              <ConflictNotice
                gone={deleteConflict.gone}
                message="conflict.changedBeforeDelete"
                version={deleteConflict.current?.version}
                values={deleteConflict.current && entryValues(deleteConflict.current)}
                submitLabel={t("conflict.deleteAnyway")}
                onUseTheirs={() => takeTheirs(deleteConflict.current)}
              />
            </removal.Form>
          )}
          <TransactionForm
            key={state.version}
            Form={save.Form}
            action={editing ? `/app/transactions/${editing.id}` : "/app/transactions/new"}
            mode={state.mode}
            viaScript
            sticky
            autoFocus={!editing}
            onKeptOffline={() => {
              setState((previous) => ({ ...previous, open: false }));
              showToast({ title: t("offline.queued.title"), description: t("offline.queued.text") });
            }}
            submitting={save.state !== "idle"}
            errors={errors}
            version={saveConflict.current ? undefined : editing?.version}
            conflict={
              saveConflict.current || saveConflict.gone ? (
                <ConflictNotice
                  gone={saveConflict.gone}
                  version={saveConflict.current?.version}
                  values={saveConflict.current && entryValues(saveConflict.current)}
                  onUseTheirs={() => takeTheirs(saveConflict.current)}
                />
              ) : undefined
            }
            values={
              editing ?? {
                kind: state.kind,
                occurredOn: shell.today,
                description: "",
                categoryId: defaultCategoryId(state.kind),
              }
            }
            footer={
              editing && !deleteConflict.current && !deleteConflict.gone ? (
                <Button
                  type="button"
                  variant="ghost"
                  className="w-full text-destructive hover:text-destructive"
                  onClick={() => remove(editing)}
                  disabled={removal.state !== "idle"}
                >
                  <Trash2Icon aria-hidden="true" />
                  {t("entry.delete")}
                </Button>
              ) : null
            }
          />
        </SheetContent>
      </Sheet>
    </QuickEntryContext.Provider>
  );
}
