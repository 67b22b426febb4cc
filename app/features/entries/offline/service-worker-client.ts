/**
 * The page's side of the service worker (service-worker.ts): registering it, telling it who is signed in, asking it
 * for a Background Sync, and having it forget this person's pages at sign-out or when the session is found over.
 * Production builds only: the development server's modules change with every edit, and a worker keeping them would
 * serve stale code.
 */

/** A message the page sends the worker. */
export type WorkerMessage = { type: "session"; userId: string; language: string } | { type: "forget-pages" };

/** A message as the worker receives it: anything, until checked. */
export function isWorkerMessage(data: unknown): data is WorkerMessage {
  if (typeof data !== "object" || data === null || !("type" in data)) return false;
  if (data.type === "forget-pages") return true;
  return (
    data.type === "session" &&
    "userId" in data &&
    typeof data.userId === "string" &&
    "language" in data &&
    typeof data.language === "string"
  );
}

const enabled = () => import.meta.env.PROD && typeof navigator !== "undefined" && "serviceWorker" in navigator;

async function post(message: WorkerMessage): Promise<void> {
  if (!enabled()) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(message);
}

/** Registers the worker (once per page load is cheap: the browser keeps one) and says who this page is for. */
export function registerServiceWorker(session: { userId: string; language: string }): void {
  if (!enabled()) return;
  const register = () =>
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => post({ type: "session", ...session }))
      .catch(() => {
        // No service worker (a private window, an insecure origin): the app works as before, without offline pages.
      });
  // After the page has loaded: its install (the precache, the kept pages) never competes with the page itself.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Background Sync is Chromium's alone, and not in TypeScript's DOM types. */
function hasBackgroundSync(
  registration: ServiceWorkerRegistration,
): registration is ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } } {
  return "sync" in registration && typeof registration.sync === "object" && registration.sync !== null;
}

/** Asks the browser to wake the worker when the connection is back, even with no Samen tab open (Chromium). */
export async function requestBackgroundSync(): Promise<void> {
  if (!enabled()) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    if (hasBackgroundSync(registration)) await registration.sync.register("samen-outbox");
  } catch {
    // Not offered or refused: the online and focus events still send.
  }
}

/** Forgets the pages the worker kept for the signed-in person: before signing out, or once the session is found over. */
export async function forgetKeptPages(): Promise<void> {
  if (!enabled()) return;
  await Promise.race([post({ type: "forget-pages" }), new Promise((resolve) => setTimeout(resolve, 500))]);
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith("samen-pages")).map((name) => caches.delete(name)));
}
