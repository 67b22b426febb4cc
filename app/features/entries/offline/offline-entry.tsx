import CloudOffIcon from "lucide-react/icons/cloud-off";
import ClockIcon from "lucide-react/icons/clock";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { showToast } from "~/components/ui/toast";
import type { TransactionKind } from "~/domain/categories";
import { isLanguage } from "~/domain/languages";
import { tDynamic } from "~/i18n/translator";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { uuidv7 } from "~/lib/uuid";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { parseTransactionForm } from "../transaction.schema";
import { CategoryIcon } from "../components/category-icon";
import { useCategories, useEntryCurrency } from "../components/use-budget-shell";
import { sendOutbox } from "./outbox-sender";
import {
  dropOutboxOf,
  keepInOutbox,
  onOutboxChange,
  outboxEntriesOf,
  removeFromOutbox,
  type OutboxEntry,
} from "./outbox-store";
import { forgetKeptPages, registerServiceWorker, requestBackgroundSync } from "./service-worker-client";

function subscribeToConnection(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** False while the browser says it has no connection; true on the server and before hydration. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/** The signed-in person's entries waiting on this device for the household on screen; none on the server. */
export function usePendingEntries(): OutboxEntry[] {
  const shell = useAppShell();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const userId = shell.user.id;
  const householdId = shell.household.id;
  useEffect(() => {
    // Reads can finish out of order (one started at mount, one after a change): only the latest one is shown.
    let latest = 0;
    const load = () => {
      const read = ++latest;
      outboxEntriesOf(userId).then(
        (all) => read === latest && setEntries(all.filter((entry) => entry.householdId === householdId)),
        () => read === latest && setEntries([]),
      );
    };
    load();
    const stop = onOutboxChange(load);
    return () => {
      latest = -1;
      stop();
    };
  }, [userId, householdId]);
  return entries;
}

/** The pending entries of one month and kind (a list page), and what they add to its total. */
export function usePendingOf(kind: TransactionKind, month: string) {
  const currency = useFormat().currency;
  const entries = usePendingEntries().filter(
    (entry) => entry.kind === kind && entry.occurredOn.startsWith(month) && !entry.refusal,
  );
  // Only entries in the list's currency add to its total (a pending entry is always the Everyday account's).
  const totalMinor = entries.reduce((sum, entry) => sum + (entry.currency === currency ? entry.amountMinor : 0), 0);
  return { entries, totalMinor };
}

/**
 * Used by the add form when the browser is offline: checks the form as the server would (same schema, same
 * messages) and keeps the entry in the outbox under an id made here. Returns the field messages instead when it is
 * not an entry the server would take.
 */
export function useKeepOffline() {
  const shell = useAppShell();
  const format = useFormat();
  const currency = useEntryCurrency();
  return useCallback(
    async (
      form: HTMLFormElement,
    ): Promise<{ ok: true } | { ok: false; fieldErrors: Record<string, string | undefined> }> => {
      const values: Record<string, string> = {};
      for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
      const language = isLanguage(format.language) ? format.language : "en";
      const parsed = parseTransactionForm(values, language, 2);
      if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors };
      const entry: OutboxEntry = {
        clientId: values.clientId || uuidv7(),
        userId: shell.user.id,
        householdId: shell.household.id,
        language,
        kind: parsed.value.kind === "income" ? "income" : "expense",
        amount: values.amount ?? "",
        amountMinor: parsed.value.amount,
        currency,
        occurredOn: parsed.value.occurredOn,
        description: parsed.value.description,
        categoryId: parsed.value.categoryId,
        ...(values.shared ? { shared: values.shared } : {}),
        ...(values.memberUserId ? { memberUserId: values.memberUserId } : {}),
        typedAt: new Date().toISOString(),
      };
      await keepInOutbox(entry);
      void requestBackgroundSync();
      return { ok: true };
    },
    [shell.user.id, shell.household.id, format.language, currency],
  );
}

/**
 * Once per /app page: sends the outbox when the connection comes back (the online event, the window coming into
 * focus, the service worker's Background Sync), registers the service worker, says so when offline or signed out,
 * asks before a sign-out drops pending entries, and while offline turns links into page loads the service worker
 * can answer from what it kept.
 */
export function OfflineSync() {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const { language } = useFormat();
  const online = useOnline();
  const location = useLocation();
  const revalidator = useRevalidator();
  const pending = usePendingEntries();
  const [signedOut, setSignedOut] = useState(false);
  const [askSignOut, setAskSignOut] = useState<HTMLFormElement | null>(null);
  const userId = shell.user.id;
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  useEffect(() => {
    registerServiceWorker({ userId, language });
  }, [userId, language]);

  useEffect(() => {
    let sending = false;
    const send = async () => {
      if (sending || !navigator.onLine) return;
      sending = true;
      try {
        const report = await sendOutbox(userId);
        setSignedOut(report.signedOut);
        // The server says this person's session is over (or is someone else's): the pages kept for them go.
        if (report.signedOut || report.otherUser) await forgetKeptPages().catch(() => undefined);
        if (report.saved > 0) {
          showToast({ title: t("offline.sent"), variant: "success" });
          void revalidate.current();
        }
        if (report.refused > 0) showToast({ title: t("offline.refusedToast"), variant: "destructive" });
      } finally {
        sending = false;
      }
    };
    const whenVisible = () => document.visibilityState === "visible" && void send();
    // The service worker's Background Sync sent them while this page was away or asleep.
    const fromWorker = (event: MessageEvent) => {
      if (event.data !== "outbox-sent") return;
      showToast({ title: t("offline.sent"), variant: "success" });
      void revalidate.current();
    };
    void send();
    window.addEventListener("online", send);
    window.addEventListener("focus", send);
    document.addEventListener("visibilitychange", whenVisible);
    navigator.serviceWorker?.addEventListener("message", fromWorker);
    const stop = onOutboxChange(() => void send());
    return () => {
      window.removeEventListener("online", send);
      window.removeEventListener("focus", send);
      document.removeEventListener("visibilitychange", whenVisible);
      navigator.serviceWorker?.removeEventListener("message", fromWorker);
      stop();
    };
  }, [userId, t]);

  // Offline, a link inside the app becomes a page load, which the service worker answers from the pages it kept;
  // a script navigation would ask the server for the page's data and fail.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== window.location.origin) return;
      if (link.hasAttribute("data-offline-sheet")) return;
      event.preventDefault();
      event.stopPropagation();
      window.location.assign(link.href);
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);

  // Signing out forgets the pages kept for this person; with entries still waiting, it asks first.
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (
        !(form instanceof HTMLFormElement) ||
        !new URL(form.action, window.location.href).pathname.startsWith("/auth/sign-out")
      )
        return;
      if (form.dataset.confirmed === "1") return;
      event.preventDefault();
      event.stopPropagation();
      // Read from the outbox itself, not from what this page has shown of it yet.
      void outboxEntriesOf(userId)
        .catch(() => [])
        .then((entries) => {
          if (entries.length > 0) setAskSignOut(form);
          else void forgetKeptPages().finally(() => signOutWith(form));
        });
    };
    window.addEventListener("submit", onSubmit, true);
    return () => window.removeEventListener("submit", onSubmit, true);
  }, [userId]);

  const here = location.pathname + location.search;
  return (
    <>
      {!online && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="offline-banner"
        >
          <CloudOffIcon aria-hidden="true" className="size-4 shrink-0" />
          {t("offline.banner.offline")}
        </p>
      )}
      {signedOut && pending.length > 0 && (
        <p role="status" className="mb-4 rounded-lg border bg-card px-3 py-2 text-sm">
          {t("offline.banner.signIn")}{" "}
          <Link
            to={`/auth?redirectTo=${encodeURIComponent(here)}`}
            reloadDocument
            className="font-medium text-primary hover:underline"
          >
            {t("offline.banner.signInAction")}
          </Link>
        </p>
      )}
      <Dialog open={askSignOut !== null} onOpenChange={(open) => !open && setAskSignOut(null)}>
        <DialogContent closeLabel={t("actions.close")}>
          <DialogTitle className="text-lg font-semibold">{t("offline.signOut.title")}</DialogTitle>
          <DialogDescription className="text-sm text-muted-foreground">{t("offline.signOut.text")}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setAskSignOut(null)}>
              {t("offline.signOut.stay")}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                const form = askSignOut;
                setAskSignOut(null);
                if (form) void Promise.all([dropOutboxOf(userId), forgetKeptPages()]).finally(() => signOutWith(form));
              }}
            >
              {t("offline.signOut.drop")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Submits the sign-out form as a plain POST (the session ends on the server, cookies with it). */
function signOutWith(form: HTMLFormElement) {
  form.dataset.confirmed = "1";
  form.submit();
}

/**
 * The entries of this list waiting on the device, above the saved ones: marked pending, or with the server's reason
 * when it refused one (kept until the person removes it, never dropped silently).
 */
export function PendingEntries({ kind, month }: { kind?: TransactionKind; month?: string }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const entries = usePendingEntries().filter(
    (entry) => (!kind || entry.kind === kind) && (!month || entry.occurredOn.startsWith(month)),
  );
  if (entries.length === 0) return null;
  return (
    <Card className="flex flex-col gap-1 p-4" data-testid="pending-entries">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <ClockIcon aria-hidden="true" className="size-4 text-amber-600" />
        {t("offline.pending.title")}
      </h2>
      <ul className="flex flex-col">
        {entries.map((entry) => {
          const category = categories.byId(entry.categoryId);
          const label = categories.label(category);
          const title = entry.description || label;
          const income = entry.kind === "income";
          const refusal = entry.refusal && Object.values(entry.refusal).find(Boolean);
          return (
            <li key={entry.clientId} className="flex items-center gap-3 py-2" data-testid="pending-entry">
              <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} />
              <span className="min-w-0 flex-1">
                <span className="line-title">{title}</span>
                <span className="line-detail">
                  {entry.description ? `${label} · ` : ""}
                  {format.date(entry.occurredOn, "short")}
                </span>
                {refusal ? (
                  <span className="block text-xs font-medium text-destructive" data-testid="pending-refusal">
                    {t("offline.pending.refused", { reason: tDynamic(t, refusal) })}
                  </span>
                ) : (
                  <span className="mt-0.5 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    {t("offline.pending.badge")}
                  </span>
                )}
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <span className={cn("amount", income && "text-emerald-700")}>
                  {`${income ? "+" : "−"}${format.money(entry.amountMinor, entry.currency)}`}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  aria-label={t("offline.pending.removeLabel", { title })}
                  onClick={() => void removeFromOutbox(entry.clientId)}
                >
                  {t("offline.pending.remove")}
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
