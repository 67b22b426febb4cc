import { isOneOf } from "~/lib/one-of";

/**
 * Fair share: how a month's shared expenses are split between the members of a household, and who owes whom.
 *
 * Methods:
 * - `equal`: everyone carries the same part.
 * - `income`: in proportion to each member's income that month (income is attributed to the member who received it).
 *   When any member has no income that month the split falls back to `equal`: a month where one member's income is not
 *   entered yet is far more common than a member who truly earns nothing, and putting every shared cost on the other
 *   member would be a harsh surprise. A household where one member has no income picks fixed percentages instead.
 * - `fixed`: percentages set by the owner or an editing partner. Percents that do not add up to 100 (a member joined
 *   after they were set) fall back to `equal`.
 *
 * Rounding: shares are whole cents that always add up to the total. Each member first gets the floor of their exact
 * part; the cents left over go one by one to the largest remainders (largest-remainder method). Ties go first to the
 * member who paid more of the shared expenses that month, then to the lower user id, so the result never depends on
 * the order members are listed in.
 */

export const shareMethods = ["equal", "income", "fixed"] as const;
export type ShareMethod = (typeof shareMethods)[number];

export function isShareMethod(value: unknown): value is ShareMethod {
  return isOneOf(shareMethods, value);
}

export interface ShareMember {
  userId: string;
  /** Shared expenses this member paid, in minor units. */
  paidMinor: number;
  /** Income attributed to this member this month, in minor units. */
  incomeMinor: number;
  /** Whole percent under `fixed`; null when not set. */
  percent: number | null;
}

/** The method actually used: the chosen one, or `equal` when its inputs cannot split (see the module comment). */
export function effectiveMethod(method: ShareMethod, members: readonly ShareMember[]): ShareMethod {
  if (method === "income" && members.some((member) => member.incomeMinor <= 0)) return "equal";
  if (method === "fixed") {
    const percents = members.map((member) => member.percent);
    if (
      percents.some((percent) => percent === null) ||
      percents.reduce<number>((sum, percent) => sum + (percent ?? 0), 0) !== 100
    )
      return "equal";
  }
  return method;
}

function weightOf(method: ShareMethod, member: ShareMember): bigint {
  if (method === "income") return BigInt(member.incomeMinor);
  if (method === "fixed") return BigInt(member.percent ?? 0);
  return 1n;
}

/**
 * Each member's share of `totalMinor`, in the order given. Exact integer arithmetic (BigInt), so large totals and large
 * incomes never lose a cent to floating point.
 */
export function splitShares(totalMinor: number, method: ShareMethod, members: readonly ShareMember[]): number[] {
  if (members.length === 0) return [];
  const used = effectiveMethod(method, members);
  let weights = members.map((member) => weightOf(used, member));
  let weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  // Every fixed percent at 0 cannot split anything (percents add up to 100, so this needs all members at 0 — impossible);
  // kept as a guard so a division by zero can never happen.
  if (weightSum === 0n) {
    weights = members.map(() => 1n);
    weightSum = BigInt(members.length);
  }
  const total = BigInt(totalMinor);
  const floors = weights.map((weight) => (total * weight) / weightSum);
  const remainders = weights.map((weight) => (total * weight) % weightSum);
  let left = Number(total - floors.reduce((sum, value) => sum + value, 0n));
  const order = members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => {
      const byRemainder = remainders[b.index]! - remainders[a.index]!;
      if (byRemainder !== 0n) return byRemainder > 0n ? 1 : -1;
      if (a.member.paidMinor !== b.member.paidMinor) return b.member.paidMinor - a.member.paidMinor;
      return a.member.userId < b.member.userId ? -1 : a.member.userId > b.member.userId ? 1 : 0;
    });
  const shares = floors.map(Number);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface SettlementPayment {
  fromUserId: string;
  toUserId: string;
  amountMinor: number;
}

/**
 * A personal line of a split entry that one member paid for another (decision 0018): it belongs wholly to its member,
 * whoever paid, so `fromUserId` (the line's member) owes `toUserId` (the payer) all of it. Never part of the shared total.
 */
export interface PersonalAdvance {
  fromUserId: string;
  toUserId: string;
  amountMinor: number;
}

export interface MemberBalance {
  userId: string;
  paidMinor: number;
  shareMinor: number;
  /**
   * Personal lines this member paid for the others less the others paid for this member's (0 without splits):
   * `balanceMinor` is `paidMinor - shareMinor + personalMinor`, settlements aside.
   */
  personalMinor: number;
  /** Positive: the others owe this member; negative: this member owes. Settlements count as payments. */
  balanceMinor: number;
}

export interface MonthSplit {
  totalMinor: number;
  method: ShareMethod;
  members: MemberBalance[];
  /** Who pays whom to make every balance zero (empty when settled). */
  payments: SettlementPayment[];
}

/**
 * The month's split: each member's share against what they paid, with the personal lines one member paid for another
 * owed in full to the payer (`advances`), the settlements already made counted as payments (the payer's balance goes
 * up, the receiver's down), and the payments that square what is left. An advance between the same member, or naming
 * somebody not among `members`, changes nothing.
 */
export function settleMonth({
  method,
  members,
  settlements,
  advances = [],
}: {
  method: ShareMethod;
  members: readonly ShareMember[];
  settlements: readonly SettlementPayment[];
  advances?: readonly PersonalAdvance[];
}): MonthSplit {
  const totalMinor = members.reduce((sum, member) => sum + member.paidMinor, 0);
  const shares = splitShares(totalMinor, method, members);
  const balances = members.map((member, index) => ({
    userId: member.userId,
    paidMinor: member.paidMinor,
    shareMinor: shares[index]!,
    personalMinor: 0,
    balanceMinor: member.paidMinor - shares[index]!,
  }));
  const byUser = new Map(balances.map((balance) => [balance.userId, balance]));
  for (const advance of advances) {
    const from = byUser.get(advance.fromUserId);
    const to = byUser.get(advance.toUserId);
    if (!from || !to || from === to) continue;
    from.personalMinor -= advance.amountMinor;
    from.balanceMinor -= advance.amountMinor;
    to.personalMinor += advance.amountMinor;
    to.balanceMinor += advance.amountMinor;
  }
  for (const payment of settlements) {
    const from = byUser.get(payment.fromUserId);
    const to = byUser.get(payment.toUserId);
    if (from) from.balanceMinor += payment.amountMinor;
    if (to) to.balanceMinor -= payment.amountMinor;
  }
  return {
    totalMinor,
    method: effectiveMethod(method, members),
    members: balances,
    payments: squaringPayments(balances),
  };
}

/** Greedy: the largest debtor pays the largest creditor until every balance is zero (one payment for two members). */
function squaringPayments(balances: readonly MemberBalance[]): SettlementPayment[] {
  const debtors = balances
    .filter((balance) => balance.balanceMinor < 0)
    .map((balance) => ({ userId: balance.userId, left: -balance.balanceMinor }));
  const creditors = balances
    .filter((balance) => balance.balanceMinor > 0)
    .map((balance) => ({ userId: balance.userId, left: balance.balanceMinor }));
  const byLargest = (a: { left: number; userId: string }, b: { left: number; userId: string }) =>
    b.left - a.left || (a.userId < b.userId ? -1 : 1);
  debtors.sort(byLargest);
  creditors.sort(byLargest);
  const payments: SettlementPayment[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d]!;
    const creditor = creditors[c]!;
    const amountMinor = Math.min(debtor.left, creditor.left);
    payments.push({ fromUserId: debtor.userId, toUserId: creditor.userId, amountMinor });
    debtor.left -= amountMinor;
    creditor.left -= amountMinor;
    if (debtor.left === 0) d += 1;
    if (creditor.left === 0) c += 1;
  }
  return payments;
}
