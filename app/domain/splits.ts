/**
 * Splitting one payment into lines (decision 0018): the lines of an entry add up to it to the minor unit.
 */

/** `totalMinor` in `count` parts as even as cents allow: the cents left over go one each to the first parts. */
export function splitEvenly(totalMinor: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.trunc(totalMinor / count);
  const left = totalMinor - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < Math.abs(left) ? Math.sign(left) : 0));
}

/** What is still to be assigned to lines: positive when they fall short of the entry, negative when they exceed it. */
export function remainingMinor(totalMinor: number, lineAmounts: readonly number[]): number {
  return totalMinor - lineAmounts.reduce((sum, amount) => sum + amount, 0);
}

/** How many empty line rows a split form offers beside the filled ones, so a plain form can add lines too. */
export function lineRowsToShow(filled: number): number {
  return Math.max(3, filled + 2);
}
