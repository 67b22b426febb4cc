import { lazy, Suspense } from "react";
import { useToasts } from "./use-toast";

const SingleToaster = lazy(() => import("./toaster").then((module) => ({ default: module.SingleToaster })));
const StackedToaster = lazy(() => import("./sonner").then((module) => ({ default: module.Toaster })));

/**
 * The single-toast viewport, loaded the first time a toast is shown: pages that never toast (most public pages)
 * carry none of its code.
 */
export function LazySingleToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SingleToaster />
    </Suspense>
  );
}

/** The stacked (sonner) toaster, for the app pages whose actions use it. */
export function LazyStackedToaster() {
  return (
    <Suspense fallback={null}>
      <StackedToaster />
    </Suspense>
  );
}
