import type { RuleSplitLine, RuleSplitPart } from "./rule-types";

/**
 * A rule's split of one entry: fixed amounts come off first, percentages take their part of what is left, and the rest
 * part (at most one) takes whatever remains. Cents are shared by the largest-remainder method (ties to the earlier
 * part), so the lines add up to the entry exactly.
 */

/** 100 % in basis points. */
export const wholeBasisPoints = 10_000;
/** A split has at least two parts, and at most this many. */
export const maxSplitParts = 6;

export type SplitPartsProblem =
  "tooFew" | "tooMany" | "share" | "twoRests" | "percentTotal" | "percentOverRest" | "noRest";

/** A percentage above 0 and at most 100 %, a fixed amount above 0, both whole numbers of their unit. */
function isUsableShare(part: RuleSplitPart): boolean {
  const { share } = part;
  if (share.by === "rest") return true;
  const value = share.by === "percent" ? share.basisPoints : share.amountMinor;
  const most = share.by === "percent" ? wholeBasisPoints : Number.MAX_SAFE_INTEGER;
  return Number.isSafeInteger(value) && value > 0 && value <= most;
}

/**
 * Whether a rule's parts can split any entry they fit: two to six parts, each above nothing; at most one rest part; without one, the
 * percentages take all of what the fixed amounts leave (so they add up to exactly 100 %); with one, under 100 %.
 */
export function checkSplitParts(parts: readonly RuleSplitPart[]): SplitPartsProblem | null {
  if (parts.length < 2) return "tooFew";
  if (parts.length > maxSplitParts) return "tooMany";
  if (!parts.every(isUsableShare)) return "share";
  const rests = parts.filter((part) => part.share.by === "rest").length;
  if (rests > 1) return "twoRests";
  const percents = parts.flatMap((part) => (part.share.by === "percent" ? [part.share.basisPoints] : []));
  const percentTotal = percents.reduce((sum, basisPoints) => sum + basisPoints, 0);
  if (rests === 1) return percentTotal < wholeBasisPoints ? null : "percentOverRest";
  if (percents.length === 0) return "noRest";
  return percentTotal === wholeBasisPoints ? null : "percentTotal";
}

/**
 * Each part's amount of `totalMinor` (absolute minor units), in the parts' order; null when the fixed amounts exceed
 * the entry, or the parts are not a valid split (`checkSplitParts`).
 */
export function splitAmounts(parts: readonly RuleSplitPart[], totalMinor: number): number[] | null {
  if (checkSplitParts(parts) !== null) return null;
  const fixed = parts.reduce((sum, part) => sum + (part.share.by === "amount" ? part.share.amountMinor : 0), 0);
  if (fixed > totalMinor) return null;
  const percentTotal = parts.reduce((sum, part) => sum + (part.share.by === "percent" ? part.share.basisPoints : 0), 0);
  const weights = parts.map((part) =>
    BigInt(
      part.share.by === "percent"
        ? part.share.basisPoints
        : part.share.by === "rest"
          ? wholeBasisPoints - percentTotal
          : 0,
    ),
  );
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  const left = BigInt(totalMinor - fixed);
  const floors = weights.map((weight) => (weightSum === 0n ? 0n : (left * weight) / weightSum));
  const remainders = weights.map((weight) => (weightSum === 0n ? 0n : (left * weight) % weightSum));
  let unassigned = Number(left - floors.reduce((sum, value) => sum + value, 0n));
  const amounts = parts.map((part, index) =>
    part.share.by === "amount" ? part.share.amountMinor : Number(floors[index] ?? 0n),
  );
  const order = parts
    .map((_part, index) => index)
    .filter((index) => weights[index]! > 0n)
    .sort((a, b) => {
      const byRemainder = remainders[b]! - remainders[a]!;
      return byRemainder === 0n ? a - b : byRemainder > 0n ? 1 : -1;
    });
  for (const index of order) {
    if (unassigned <= 0) break;
    amounts[index]! += 1;
    unassigned -= 1;
  }
  return amounts;
}

/**
 * The lines a rule's split gives an entry of `totalMinor`: parts that come to nothing are left out. Null when it does
 * not split the entry (the fixed amounts exceed it, or fewer than two lines would be left).
 */
export function splitLinesByRule(parts: readonly RuleSplitPart[], totalMinor: number): RuleSplitLine[] | null {
  const amounts = splitAmounts(parts, totalMinor);
  if (!amounts) return null;
  const lines = parts.flatMap((part, index): RuleSplitLine[] => {
    const amountMinor = amounts[index] ?? 0;
    if (amountMinor === 0) return [];
    return [{ categoryId: part.categoryId, amountMinor, ...(part.sharing ? { sharing: part.sharing } : {}) }];
  });
  return lines.length >= 2 ? lines : null;
}
