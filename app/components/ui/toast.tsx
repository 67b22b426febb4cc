import { lazy, Suspense, useSyncExternalStore } from "react";

export interface ToastMessage {
  title: string;
  description?: string;
  /** "destructive" for failures, "success" for a completed action (sonner's tick), "default" otherwise. */
  variant?: "default" | "success" | "destructive";
  /** Milliseconds on screen; the toaster's 4000 when left out. */
  duration?: number;
  action?: { label: string; onClick: () => void };
  /** A second, quieter button (a "No" beside the action's "Yes"); it closes the toast. */
  cancel?: { label: string; onClick: () => void };
}

// Sonner and its viewport load with the first toast, so pages that never toast (most public pages) carry none of it.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast; callable from any browser code, before or after the toaster has loaded. */
export function showToast({ title, variant = "default", ...options }: ToastMessage): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // Sonner keeps toasts made before its toaster subscribes and replays them to it.
  void import("sonner").then(({ toast }) => {
    if (variant === "destructive") toast.error(title, options);
    else if (variant === "success") toast.success(title, options);
    else toast(title, options);
  });
}

/** Mounted once by the root layout; renders nothing until the first toast. */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
