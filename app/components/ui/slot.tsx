import { cloneElement, isValidElement, type ReactNode, type RefCallback } from "react";
import { cn } from "~/lib/cn";

type Props = Record<string, unknown>;

function composeRefs<T>(...refs: readonly unknown[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (typeof ref === "object" && ref !== null && "current" in ref) ref.current = node;
    }
  };
}

function classNameOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
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
    } else if (name === "className") merged.className = cn(classNameOf(slotValue), classNameOf(childValue));
    else if (name === "style") merged.style = Object.assign({}, slotValue, childValue);
    else if (name === "ref" && childValue) merged.ref = composeRefs(slotValue, childValue);
  }
  return cloneElement(children, merged);
}
