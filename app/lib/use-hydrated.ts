import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server-rendered HTML and during hydration, true once the page's script runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
