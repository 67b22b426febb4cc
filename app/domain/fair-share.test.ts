import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveMethod, settleMonth, splitShares, type ShareMember } from "./fair-share";

const member = (userId: string, paidMinor: number, incomeMinor = 0, percent: number | null = null): ShareMember => ({
  userId,
  paidMinor,
  incomeMinor,
  percent,
});

const memberArbitrary = fc.record({
  userId: fc.uuid(),
  paidMinor: fc.integer({ min: 0, max: 10_000_000_00 }),
  incomeMinor: fc.integer({ min: 0, max: 50_000_000_00 }),
  percent: fc.option(fc.integer({ min: 0, max: 100 })),
});
const membersArbitrary = fc.uniqueArray(memberArbitrary, {
  minLength: 1,
  maxLength: 4,
  selector: (value) => value.userId,
});
const methodArbitrary = fc.constantFrom("equal" as const, "income" as const, "fixed" as const);

describe("splitShares", () => {
  it("gives whole cents that always add up to the total, none negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_00 }),
        methodArbitrary,
        membersArbitrary,
        (total, method, members) => {
          const shares = splitShares(total, method, members);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
          for (const share of shares) {
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it("does not depend on the order members are listed in", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        methodArbitrary,
        membersArbitrary,
        (total, method, members) => {
          const forward = splitShares(total, method, members);
          const backward = splitShares(total, method, [...members].reverse()).reverse();
          expect(backward).toEqual(forward);
        },
      ),
    );
  });

  it("keeps every equal share within one cent of the others", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), membersArbitrary, (total, members) => {
        const shares = splitShares(total, "equal", members);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("gives the odd cent of an equal split to the member who paid more, then to the lower user id", () => {
    expect(splitShares(1001, "equal", [member("a", 1, 0), member("b", 1000, 0)])).toEqual([500, 501]);
    expect(splitShares(1001, "equal", [member("b", 500), member("a", 501)])).toEqual([500, 501]);
    expect(splitShares(1001, "equal", [member("b", 0), member("a", 0)])).toEqual([500, 501]);
  });

  it("splits by income in proportion", () => {
    expect(splitShares(1000_00, "income", [member("a", 0, 3000_00), member("b", 0, 1000_00)])).toEqual([
      750_00, 250_00,
    ]);
    // 100 / 3: 33.33… each; the last cent goes to the largest remainder (b: 2/3 of a cent).
    expect(splitShares(100, "income", [member("a", 0, 1), member("b", 0, 2)])).toEqual([33, 67]);
  });

  it("falls back to an equal split when one or both members have no income that month", () => {
    expect(effectiveMethod("income", [member("a", 0, 3000_00), member("b", 0, 0)])).toBe("equal");
    expect(splitShares(1000_00, "income", [member("a", 0, 3000_00), member("b", 0, 0)])).toEqual([500_00, 500_00]);
    expect(splitShares(1000_00, "income", [member("a", 0, 0), member("b", 0, 0)])).toEqual([500_00, 500_00]);
  });

  it("uses fixed percents, and an equal split when they do not add up to 100", () => {
    expect(splitShares(1000_00, "fixed", [member("a", 0, 0, 60), member("b", 0, 0, 40)])).toEqual([600_00, 400_00]);
    expect(splitShares(1000_00, "fixed", [member("a", 0, 0, 60), member("b", 0, 0, null)])).toEqual([500_00, 500_00]);
    expect(splitShares(1000_00, "fixed", [member("a", 0, 0, 70), member("b", 0, 0, 40)])).toEqual([500_00, 500_00]);
  });

  it("stays exact with totals beyond floating point's integers", () => {
    const shares = splitShares(9_000_000_000_000, "income", [
      member("a", 0, 7_000_000_000_000),
      member("b", 0, 3_000_000_000_001),
    ]);
    expect(shares[0]! + shares[1]!).toBe(9_000_000_000_000);
  });
});

describe("settleMonth", () => {
  it("says who owes whom, and a settlement of that amount brings every balance to zero", () => {
    fc.assert(
      fc.property(methodArbitrary, membersArbitrary, (method, members) => {
        const open = settleMonth({ method, members, settlements: [] });
        expect(open.members.reduce((sum, balance) => sum + balance.balanceMinor, 0)).toBe(0);
        const settled = settleMonth({ method, members, settlements: open.payments });
        expect(settled.members.every((balance) => balance.balanceMinor === 0)).toBe(true);
        expect(settled.payments).toEqual([]);
      }),
    );
  });

  it("has the member who paid less pay the difference to the one who paid more", () => {
    const split = settleMonth({
      method: "equal",
      members: [member("pieter", 100_00), member("sanne", 346_90)],
      settlements: [],
    });
    expect(split.payments).toEqual([{ fromUserId: "pieter", toUserId: "sanne", amountMinor: 123_45 }]);
  });

  it("has a member owe the payer all of a personal line paid for them, beside the shared split", () => {
    const split = settleMonth({
      method: "equal",
      members: [member("pieter", 0), member("sanne", 80_00)],
      settlements: [],
      advances: [
        { fromUserId: "pieter", toUserId: "sanne", amountMinor: 15_00 },
        // Nobody owes themselves, and a stranger's line changes nothing.
        { fromUserId: "sanne", toUserId: "sanne", amountMinor: 5_00 },
        { fromUserId: "stranger", toUserId: "sanne", amountMinor: 9_00 },
      ],
    });
    expect(split.totalMinor).toBe(80_00);
    expect(split.members.map((balance) => [balance.shareMinor, balance.personalMinor, balance.balanceMinor])).toEqual([
      [40_00, -15_00, -55_00],
      [40_00, 15_00, 55_00],
    ]);
    expect(split.payments).toEqual([{ fromUserId: "pieter", toUserId: "sanne", amountMinor: 55_00 }]);
    const settled = settleMonth({
      method: "equal",
      members: [member("pieter", 0), member("sanne", 80_00)],
      settlements: split.payments,
      advances: [{ fromUserId: "pieter", toUserId: "sanne", amountMinor: 15_00 }],
    });
    expect(settled.payments).toEqual([]);
  });
});
