import { useSyncExternalStore } from "react";
import type { ToastVariant } from "./toast";

/** The single-toast mechanism (spec section 9): one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const toastLimit = 1;
export const toastRemoveDelayMs = 1_000_000;

export interface ToastMessage {
  id: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  open: boolean;
}

let toasts: ToastMessage[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  for (const item of toasts) {
    if (id && item.id !== id) continue;
    if (!removalTimers.has(item.id)) {
      removalTimers.set(
        item.id,
        setTimeout(() => {
          removalTimers.delete(item.id);
          emit(toasts.filter((t) => t.id !== item.id));
        }, toastRemoveDelayMs),
      );
    }
  }
  emit(toasts.map((item) => (!id || item.id === id ? { ...item, open: false } : item)));
}

export function showToast(message: Omit<ToastMessage, "id" | "open">): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...message, id, open: true }, ...toasts].slice(0, toastLimit));
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = () => toasts;
const getSnapshot = getToasts;
// One array for every call: React compares snapshots by identity and warns about a fresh one each time.
const noToasts: ToastMessage[] = [];
const getServerSnapshot = () => noToasts;

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
