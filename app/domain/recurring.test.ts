import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysInMonth, isoWeekday, monthOf, type IsoDate } from "./periods";
import {
  daysBetween,
  describeSchedule,
  detectRecurring,
  isOccurrence,
  knownSeriesKeys,
  nextOccurrence,
  occurrencesBetween,
  seriesKey,
  type HistoryEntry,
  type Schedule,
} from "./recurring";

const monthly = (dayOfMonth: number | null, startsOn: IsoDate, more: Partial<Schedule> = {}): Schedule => ({
  frequency: "monthly",
  interval: 1,
  dayOfMonth,
  lastDay: false,
  startsOn,
  endsOn: null,
  ...more,
});

describe("occurrences of a schedule", () => {
  it("monthly on the 31st falls on the last day of shorter months, February included", () => {
    expect(occurrencesBetween(monthly(31, "2026-01-01"), "2026-01-01", "2026-06-30")).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
    ]);
    expect(occurrencesBetween(monthly(30, "2028-01-01"), "2028-02-01", "2028-03-31")).toEqual([
      "2028-02-29",
      "2028-03-30",
    ]);
    expect(occurrencesBetween(monthly(29, "2027-01-01"), "2027-02-01", "2027-03-31")).toEqual([
      "2027-02-28",
      "2027-03-29",
    ]);
  });

  it("monthly on the last day follows each month's length", () => {
    const schedule = monthly(null, "2027-12-15", { lastDay: true });
    expect(occurrencesBetween(schedule, "2027-12-01", "2028-04-30")).toEqual([
      "2027-12-31",
      "2028-01-31",
      "2028-02-29",
      "2028-03-31",
      "2028-04-30",
    ]);
  });

  it("every N months counts from the start's month, and a day before the start waits for the next turn", () => {
    expect(occurrencesBetween(monthly(5, "2026-01-20", { interval: 3 }), "2026-01-01", "2026-12-31")).toEqual([
      "2026-04-05",
      "2026-07-05",
      "2026-10-05",
    ]);
    expect(occurrencesBetween(monthly(null, "2026-01-20", { interval: 2 }), "2026-01-01", "2026-06-30")).toEqual([
      "2026-01-20",
      "2026-03-20",
      "2026-05-20",
    ]);
  });

  it("every N weeks steps from the start date", () => {
    const schedule: Schedule = {
      frequency: "weekly",
      interval: 2,
      dayOfMonth: null,
      lastDay: false,
      startsOn: "2026-03-06",
      endsOn: null,
    };
    expect(occurrencesBetween(schedule, "2026-03-01", "2026-04-15")).toEqual([
      "2026-03-06",
      "2026-03-20",
      "2026-04-03",
    ]);
    expect(occurrencesBetween(schedule, "2027-01-01", "2027-01-31")).toEqual(["2027-01-08", "2027-01-22"]);
  });

  it("yearly on 29 February falls on 28 February in other years", () => {
    const schedule: Schedule = {
      frequency: "yearly",
      interval: 1,
      dayOfMonth: null,
      lastDay: false,
      startsOn: "2024-02-29",
      endsOn: null,
    };
    expect(occurrencesBetween(schedule, "2024-01-01", "2028-12-31")).toEqual([
      "2024-02-29",
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
  });

  it("starts and ends on the days given, both included", () => {
    const schedule = monthly(10, "2026-01-10", { endsOn: "2026-04-10" });
    expect(occurrencesBetween(schedule, "2025-01-01", "2027-01-01")).toEqual([
      "2026-01-10",
      "2026-02-10",
      "2026-03-10",
      "2026-04-10",
    ]);
    expect(nextOccurrence(schedule, "2026-04-11")).toBeNull();
    expect(occurrencesBetween(schedule, "2026-03-01", "2026-02-01")).toEqual([]);
  });

  it("knows its own dates", () => {
    const schedule = monthly(31, "2026-01-01");
    expect(isOccurrence(schedule, "2026-02-28")).toBe(true);
    expect(isOccurrence(schedule, "2026-02-27")).toBe(false);
    expect(nextOccurrence(schedule, "2026-03-01")).toBe("2026-03-31");
  });

  const scheduleArbitrary = fc
    .record({
      frequency: fc.constantFrom("monthly" as const, "weekly" as const, "yearly" as const),
      interval: fc.integer({ min: 1, max: 13 }),
      dayOfMonth: fc.option(fc.integer({ min: 1, max: 31 })),
      lastDay: fc.boolean(),
      startsOn: fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      endsOn: fc.option(fc.integer({ min: 0, max: 2000 })),
    })
    .map(({ endsOn, ...rest }): Schedule => ({
      ...rest,
      endsOn: endsOn === null ? null : addDays(rest.startsOn, endsOn),
    }));
  const window = fc.tuple(fc.integer({ min: -400, max: 2500 }), fc.integer({ min: 0, max: 800 }));

  it("gives sorted, distinct dates inside the window and the series' own bounds (property)", () => {
    fc.assert(
      fc.property(scheduleArbitrary, window, (schedule, [offset, length]) => {
        const from = addDays(schedule.startsOn, offset);
        const to = addDays(from, length);
        const dates = occurrencesBetween(schedule, from, to);
        for (const [index, date] of dates.entries()) {
          expect(date >= from && date <= to && date >= schedule.startsOn).toBe(true);
          if (schedule.endsOn) expect(date <= schedule.endsOn).toBe(true);
          if (index > 0) expect(date > dates[index - 1]!).toBe(true);
          if (schedule.frequency === "weekly") {
            expect(daysBetween(schedule.startsOn, date) % (7 * schedule.interval)).toBe(0);
            expect(isoWeekday(date)).toBe(isoWeekday(schedule.startsOn));
          } else if (schedule.frequency === "monthly") {
            const wanted = schedule.lastDay ? 31 : (schedule.dayOfMonth ?? Number(schedule.startsOn.slice(8)));
            expect(Number(date.slice(8))).toBe(Math.min(wanted, daysInMonth(monthOf(date))));
          } else {
            expect(date.slice(5, 7)).toBe(schedule.startsOn.slice(5, 7));
          }
        }
      }),
    );
  });

  it("a window split in two gives the same dates, and the next date is the window's first (property)", () => {
    fc.assert(
      fc.property(scheduleArbitrary, window, fc.integer({ min: 0, max: 800 }), (schedule, [offset, length], cut) => {
        const from = addDays(schedule.startsOn, offset);
        const to = addDays(from, length);
        const middle = addDays(from, Math.min(cut, length));
        const whole = occurrencesBetween(schedule, from, to);
        expect([
          ...occurrencesBetween(schedule, from, middle),
          ...occurrencesBetween(schedule, addDays(middle, 1), to),
        ]).toEqual(whole);
        if (whole[0]) expect(nextOccurrence(schedule, from)).toBe(whole[0]);
        for (const date of whole) expect(isOccurrence(schedule, date)).toBe(true);
      }),
    );
  });

  it("months step by the interval (property)", () => {
    fc.assert(
      fc.property(scheduleArbitrary, (schedule) => {
        if (schedule.frequency === "weekly") return;
        const dates = occurrencesBetween(schedule, schedule.startsOn, addDays(schedule.startsOn, 3000));
        const step = schedule.frequency === "yearly" ? 12 * schedule.interval : schedule.interval;
        for (let index = 1; index < dates.length; index++)
          expect(addMonths(monthOf(dates[index - 1]!), step)).toBe(monthOf(dates[index]!));
      }),
    );
  });
});

describe("a schedule in words", () => {
  it("names the frequency, the interval and the day", () => {
    expect(describeSchedule(monthly(5, "2026-01-05"))).toEqual({ key: "monthlyOnDay", count: 1, day: 5 });
    expect(describeSchedule(monthly(null, "2026-01-17", { interval: 3 }))).toEqual({
      key: "monthlyOnDay",
      count: 3,
      day: 17,
    });
    expect(describeSchedule(monthly(12, "2026-01-05", { lastDay: true }))).toEqual({
      key: "monthlyOnLastDay",
      count: 1,
    });
    expect(describeSchedule({ ...monthly(null, "2026-03-06"), frequency: "weekly", interval: 2 })).toEqual({
      key: "weeklyOn",
      count: 2,
      weekday: 5,
    });
    expect(describeSchedule({ ...monthly(null, "2024-02-29"), frequency: "yearly" })).toEqual({
      key: "yearlyOn",
      count: 1,
      date: "2024-02-29",
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

const entry = (occurredOn: IsoDate, amountMinor: number, more: Partial<HistoryEntry> = {}): HistoryEntry => ({
  kind: "expense",
  amountMinor,
  occurredOn,
  counterparty: "Netflix International B.V.",
  description: "",
  categoryId: "leisure",
  accountId: "everyday",
  ...more,
});

describe("series found in the history", () => {
  it("suggests a monthly subscription with its median amount, day and next date", () => {
    const history = ["2026-01-05", "2026-02-05", "2026-03-06", "2026-04-05", "2026-05-05"].map((date, index) =>
      entry(date, index === 2 ? 1499 : 1399),
    );
    expect(detectRecurring(history, { today: "2026-05-20" })).toEqual([
      {
        key: "expense:netflix international b v",
        kind: "expense",
        name: "Netflix International B.V.",
        counterparty: "Netflix International B.V.",
        description: "",
        amountMinor: 1399,
        frequency: "monthly",
        interval: 1,
        dayOfMonth: 5,
        lastDay: false,
        occurrences: 5,
        lastSeen: "2026-05-05",
        nextDue: "2026-06-05",
        categoryId: "leisure",
        accountId: "everyday",
      },
    ]);
  });

  it("keeps a series through a one-off different amount and an unrelated entry in between", () => {
    const history = [
      ...["2026-01-05", "2026-02-04", "2026-03-05", "2026-04-07", "2026-05-05"].map((date) => entry(date, 1399)),
      entry("2026-03-18", 4999), // a gift card from the same counterparty
      entry("2026-04-20", 1399), // the same amount, off the schedule
      entry("2026-02-10", 1399, { counterparty: "Spotify" }),
    ];
    const [netflix, ...others] = detectRecurring(history, { today: "2026-05-10" });
    expect(others).toEqual([]);
    expect(netflix).toMatchObject({
      name: "Netflix International B.V.",
      amountMinor: 1399,
      frequency: "monthly",
      occurrences: 5,
      nextDue: "2026-06-05",
    });
  });

  it("finds salary on the last day, weekly and fortnightly series, and yearly ones", () => {
    const salary = ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"].map((date) =>
      entry(date, 320_000, { kind: "income", counterparty: "ACME GmbH", categoryId: "salary" }),
    );
    const cleaner = [0, 7, 14, 21, 28, 35].map((days) =>
      entry(addDays("2026-03-20", days), 4000, { counterparty: null, description: "Cleaner" }),
    );
    const pocketMoney = [0, 14, 28, 42].map((days) =>
      entry(addDays("2026-03-02", days), 1000, { counterparty: null, description: "Pocket money 3/2026" }),
    );
    const insurance = ["2024-03-01", "2025-03-03", "2026-02-27"].map((date) =>
      entry(date, 45_000, { counterparty: "Allianz" }),
    );
    const found = detectRecurring([...salary, ...cleaner, ...pocketMoney, ...insurance], { today: "2026-05-01" });
    expect(
      found.map((item) => [item.name, item.frequency, item.interval, item.lastDay, item.dayOfMonth, item.nextDue]),
    ).toEqual(
      [
        ["ACME GmbH", "monthly", 1, true, null, "2026-05-31"],
        ["Cleaner", "weekly", 1, false, null, "2026-05-01"],
        ["Pocket money 3/2026", "weekly", 2, false, null, "2026-05-11"],
        ["Allianz", "yearly", 1, false, null, "2027-02-27"],
      ].toSorted((a, b) => String(a[5]).localeCompare(String(b[5]))),
    );
  });

  it("groups bank names and hand-typed descriptions by their normalised form", () => {
    expect(seriesKey("expense", "NETFLIX.COM", "ignored")).toBe("expense:netflix com");
    expect(seriesKey("expense", "  ", "Miete 03/2026")).toBe("expense:miete");
    expect(seriesKey("expense", null, "Crèche")).toBe(seriesKey("expense", null, "creche"));
    expect(seriesKey("income", null, "12/03")).toBeNull();
  });

  it("suggests a monthly bill or income from two consecutive months when its amount moved at most 2 %", () => {
    const rent = [
      entry("2026-10-01", 115_000, { counterparty: "Woonstichting" }),
      entry("2026-11-02", 115_000, { counterparty: "Woonstichting" }),
    ];
    const salary = [
      entry("2026-10-24", 300_000, { kind: "income", counterparty: "Werkgever BV" }),
      entry("2026-11-25", 305_500, { kind: "income", counterparty: "Werkgever BV" }),
    ];
    const found = detectRecurring([...rent, ...salary], { today: "2026-11-27" });
    expect(found.map((series) => [series.name, series.frequency, series.occurrences, series.nextDue])).toEqual([
      ["Woonstichting", "monthly", 2, "2026-12-02"],
      ["Werkgever BV", "monthly", 2, "2026-12-25"],
    ]);
    // A bill that moved 5 %, a pair two weeks apart, and one entry alone are not series yet.
    expect(
      detectRecurring([entry("2026-10-05", 10_000), entry("2026-11-05", 10_500)], { today: "2026-11-10" }),
    ).toEqual([]);
    expect(
      detectRecurring([entry("2026-10-20", 10_000), entry("2026-11-03", 10_000)], { today: "2026-11-10" }),
    ).toEqual([]);
    expect(detectRecurring([entry("2026-11-05", 10_000)], { today: "2026-11-10" })).toEqual([]);
  });

  it("takes ±2 % of the first month's amount either way for a pair, and only in the month right after", () => {
    const pair = (second: number, secondOn: IsoDate = "2026-11-05") =>
      detectRecurring([entry("2026-10-05", 10_000), entry(secondOn, second)], { today: "2026-11-10" }).map((series) => [
        series.occurrences,
        series.amountMinor,
      ]);
    expect(pair(10_200)).toEqual([[2, 10_100]]);
    expect(pair(9_800)).toEqual([[2, 9_900]]);
    expect(pair(10_201)).toEqual([]);
    expect(pair(9_799)).toEqual([]);
    // 29 January and 1 March are a month's length apart, but February went by without it.
    expect(
      detectRecurring([entry("2026-01-29", 10_000), entry("2026-03-01", 10_000)], { today: "2026-03-03" }),
    ).toEqual([]);
  });

  it("groups a payee's branches into one series named after the payee", () => {
    const albertHeijn = { key: "albert heijn", name: "Albert Heijn" };
    const history = [
      entry("2026-10-03", 4_500, { counterparty: "ALBERT HEIJN 1403", payee: albertHeijn, categoryId: "groceries" }),
      entry("2026-11-03", 4_550, { counterparty: "AH to go 5812", payee: albertHeijn, categoryId: "groceries" }),
    ];
    expect(detectRecurring(history, { today: "2026-11-10" })).toEqual([
      expect.objectContaining({
        key: "expense:albert heijn",
        name: "Albert Heijn",
        counterparty: "AH to go 5812",
        occurrences: 2,
        nextDue: "2026-12-03",
      }),
    ]);
    // Without the payee, the two branches are two names, each seen once.
    expect(
      detectRecurring(
        history.map((item) => ({ ...item, payee: null })),
        { today: "2026-11-10" },
      ),
    ).toEqual([]);
    // A series set up from it, by the payee's name or by a branch's text, is known by the payee's key.
    expect(knownSeriesKeys({ kind: "expense", counterparty: null, description: "Albert Heijn" })).toContain(
      "expense:albert heijn",
    );
    expect(knownSeriesKeys({ kind: "expense", counterparty: "ALBERT HEIJN 1403", description: "" })).toContain(
      "expense:albert heijn",
    );
    expect(knownSeriesKeys({ kind: "income", counterparty: null, description: "Albert Heijn" })).not.toContain(
      "expense:albert heijn",
    );
  });

  it("does not suggest a stopped series, or another kind's entries", () => {
    expect(
      detectRecurring(
        ["2025-01-05", "2025-02-05", "2025-03-05"].map((date) => entry(date, 1399)),
        { today: "2026-01-10" },
      ),
    ).toEqual([]);
    const mixed = [entry("2026-01-05", 1399), entry("2026-02-05", 1399, { kind: "income" }), entry("2026-03-05", 1399)];
    expect(detectRecurring(mixed, { today: "2026-03-10" })).toEqual([]);
  });

  it("does not suggest shopping that comes whenever, even with a similar amount", () => {
    // Groceries every 2–5 days: some pairs happen to be a week apart, but most entries fit no schedule.
    const gaps = [3, 4, 2, 5, 3, 4, 3, 2, 5, 4, 3, 4, 2, 3, 5, 4];
    let date = "2026-01-02";
    const shopping = gaps.map((gap) => {
      date = addDays(date, gap);
      return entry(date, 5000 + (gap % 3) * 200, { counterparty: "Albert Heijn" });
    });
    expect(detectRecurring(shopping, { today: addDays(date, 2) })).toEqual([]);
  });

  const dateIn2026 = fc.integer({ min: 0, max: 360 }).map((days) => addDays("2026-01-01", days));

  it("finds a regular monthly series among noise (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          day: fc.integer({ min: 1, max: 28 }),
          months: fc.integer({ min: 3, max: 14 }),
          amount: fc.integer({ min: 500, max: 500_000 }),
          jitter: fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 14, maxLength: 14 }),
          wobble: fc.array(fc.integer({ min: -4, max: 4 }), { minLength: 14, maxLength: 14 }),
          oddAmount: fc.integer({ min: 2, max: 5 }),
          offSchedule: fc.integer({ min: 10, max: 18 }),
        }),
        ({ day, months, amount, jitter, wobble, oddAmount, offSchedule }) => {
          const series = Array.from({ length: months }, (_, index) =>
            entry(
              addDays(`${addMonths("2025-01", index)}-${String(day).padStart(2, "0")}`, jitter[index]!),
              Math.round((amount * (100 + wobble[index]!)) / 100),
            ),
          );
          const last = series.at(-1)!.occurredOn;
          const noise = [
            entry(addDays(series[1]!.occurredOn, offSchedule), amount * oddAmount),
            entry(addDays(series[1]!.occurredOn, offSchedule), amount),
          ];
          const [found, ...rest] = detectRecurring([...series, ...noise], { today: addDays(last, 3) });
          expect(rest).toEqual([]);
          expect(found).toMatchObject({ frequency: "monthly", interval: 1, lastSeen: last });
          expect(Math.abs(found!.amountMinor - amount)).toBeLessThanOrEqual(amount * 0.1);
          expect(found!.occurrences).toBeGreaterThanOrEqual(months);
        },
      ),
    );
  });

  it("suggests nothing for entries that fit no interval (property)", () => {
    fc.assert(
      fc.property(
        dateIn2026,
        fc.array(fc.integer({ min: 36, max: 60 }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 500, max: 50_000 }),
        (start, gaps, amount) => {
          let date = start;
          const entries = [entry(date, amount)];
          for (const gap of gaps) {
            date = addDays(date, gap);
            // Within 700 days no three entries can be a year apart each.
            if (daysBetween(start, date) > 700) break;
            entries.push(entry(date, amount));
          }
          expect(detectRecurring(entries, { today: addDays(date, 1) })).toEqual([]);
        },
      ),
    );
  });
});
