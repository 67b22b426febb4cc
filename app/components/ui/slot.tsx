import { cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback } from "react";
import { cn } from "~/lib/cn";

type Props = Record<string, unknown>;

function composeRefs<T>(...refs: readonly unknown[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs as (Ref<T> | undefined)[]) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * `asChild` for our own primitives: renders its one child element with the slot's props merged in — classes joined,
 * styles merged, event handlers both called (the child's first), refs both set. Radix's Slot does the same; this one
 * is ours because every public page renders a Button, and Radix's costs more than a kilobyte of their JavaScript.
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement<Props>(children)) return null;
  const childProps = children.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (name === "className") merged.className = cn(slotValue as string, childValue as string);
    else if (name === "style") merged.style = { ...(slotValue as object), ...(childValue as object) };
    else if (name === "ref" && childValue) merged.ref = composeRefs(slotValue, childValue);
  }
  return cloneElement(children, merged);
}
