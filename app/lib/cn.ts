import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names and lets a later Tailwind utility replace an earlier one of the same kind
 * (`cn("h-10 px-4", "h-12")` → "px-4 h-12"), so components accept overrides. A small stand-in for
 * tailwind-merge, which would cost 8 KB of every page's JavaScript; it knows the utilities this codebase uses.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let merged = mergedByInput.get(joined);
  if (merged === undefined) {
    merged = merge(joined);
    // Class lists come from our components, so they are few; the cap only guards against a surprise.
    if (mergedByInput.size >= 5000) mergedByInput.clear();
    mergedByInput.set(joined, merged);
  }
  return merged;
}

/** Hydration renders hundreds of elements with the same few class lists: each is merged once. */
const mergedByInput = new Map<string, string>();

function merge(joined: string): string {
  const classes = joined.split(" ").filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const name = classes[index] ?? "";
    const { variants, group } = classify(name);
    if (!group) {
      if (!kept.includes(name)) kept.push(name);
      continue;
    }
    const key = `${variants}|${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const covered of coveredBy[group] ?? []) taken.add(`${variants}|${covered}`);
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

const sides = ["t", "r", "b", "l", "x", "y", "s", "e"];
/** A later shorthand hides earlier longhands: `p-2` after `px-4` wins on every side. */
const coveredBy: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pl", "pr", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["ml", "mr", "ms", "me"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["top", "right", "bottom", "left", "inset-x", "inset-y"],
  rounded: sides.map((side) => `rounded-${side}`),
  "border-width": sides.map((side) => `border-${side}`),
};

const display = new Set([
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "inline-grid",
  "hidden",
  "contents",
  "table",
]);
const position = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const textSizes = /^(?:xs|sm|base|lg|[2-9]?xl|\[[\d.]+(?:px|rem|em)\])$/;
const fontWeights = /^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const prefixes = [
  "min-w",
  "min-h",
  "max-w",
  "max-h",
  "size",
  "w",
  "h",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "ps",
  "pe",
  "p",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "ms",
  "me",
  "m",
  "gap-x",
  "gap-y",
  "gap",
  "space-x",
  "space-y",
  "inset-x",
  "inset-y",
  "inset",
  "top",
  "right",
  "bottom",
  "left",
  "z",
  "opacity",
  "leading",
  "tracking",
  "justify",
  "items",
  "self",
  "content",
  "grid-cols",
  "col-span",
  "basis",
  "order",
  "overflow-x",
  "overflow-y",
  "overflow",
  "whitespace",
  "bg",
  "ring",
  "outline",
  "cursor",
  "line-clamp",
  "aspect",
  "object",
  "duration",
  "translate-x",
  "translate-y",
  "fill",
  "stroke",
  "decoration",
];

function classify(name: string): { variants: string; group?: string } {
  const colon = name.lastIndexOf(":");
  const variants = colon === -1 ? "" : name.slice(0, colon + 1);
  const utility = name
    .slice(colon + 1)
    .replace(/^!/, "")
    .replace(/^-/, "");
  if (display.has(utility)) return { variants, group: "display" };
  if (position.has(utility)) return { variants, group: "position" };
  if (utility === "rounded" || utility === "shadow") return { variants, group: utility };
  if (utility === "border") return { variants, group: "border-width" };
  const dash = utility.indexOf("-");
  if (dash === -1) return { variants };
  const head = utility.slice(0, dash);
  const value = utility.slice(dash + 1);
  switch (head) {
    case "text":
      if (/^(?:left|center|right|justify|start|end)$/.test(value)) return { variants, group: "text-align" };
      return { variants, group: textSizes.test(value) ? "text-size" : "text-color" };
    case "font":
      return { variants, group: fontWeights.test(value) ? "font-weight" : "font-family" };
    case "rounded": {
      const side = value.split("-")[0] ?? "";
      return { variants, group: sides.includes(side) ? `rounded-${side}` : "rounded" };
    }
    case "shadow":
      return { variants, group: /^(?:2xs|xs|sm|md|lg|xl|2xl|none)$/.test(value) ? "shadow" : "shadow-color" };
    case "border": {
      const side = value.split("-")[0] ?? "";
      if (sides.includes(side)) return { variants, group: `border-${side}` };
      if (/^\d+$/.test(value)) return { variants, group: "border-width" };
      if (/^(?:solid|dashed|dotted|double|none)$/.test(value)) return { variants, group: "border-style" };
      return { variants, group: "border-color" };
    }
    case "flex":
      if (/^(?:row|col|row-reverse|col-reverse)$/.test(value)) return { variants, group: "flex-direction" };
      if (/^(?:wrap|nowrap|wrap-reverse)$/.test(value)) return { variants, group: "flex-wrap" };
      return { variants, group: "flex" };
  }
  const prefix = prefixes.find((candidate) => utility.startsWith(`${candidate}-`));
  return { variants, group: prefix };
}
