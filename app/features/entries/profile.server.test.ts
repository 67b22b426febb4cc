import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold } from "../../../db/seed/budget";
import {
  listNotifications,
  markNotificationsRead,
  notifyHouseholdMembers,
} from "~/features/household/notifications.server";
import { updateProfile } from "./profile.server";
import { householdFields, profileFields } from "./settings.schema";

useTestDatabase();

describe("settings", () => {
  it("saves the profile name and the interface language on the account (e-mails read it from there)", async () => {
    const { owner } = await seedHousehold({ locale: "en" });
    await updateProfile({ userId: owner.id, name: "Ola Nowak", locale: "pl" });
    const [saved] = await db().select({ name: user.name, locale: user.locale }).from(user).where(eq(user.id, owner.id));
    expect(saved).toEqual({ name: "Ola Nowak", locale: "pl" });
  });

  it("validates profile and household forms with translated messages", () => {
    expect(profileFields.safeParse({ name: "  ", locale: "xx" }).error?.issues.map((issue) => issue.message)).toEqual([
      "errors.name.required",
      "errors.language.invalid",
    ]);
    expect(
      householdFields.safeParse({ name: "Home", currency: "BTC" }).error?.issues.map((issue) => issue.message),
    ).toEqual(["errors.currency.invalid"]);
    expect(householdFields.parse({ name: " Home ", currency: "PLN" })).toEqual({ name: "Home", currency: "PLN" });
  });
});

describe("notifications", () => {
  it("are listed newest first with an unread count, and opening them marks them read", async () => {
    const { owner, household } = await seedHousehold();
    await notifyHouseholdMembers({
      householdId: household.id,
      kind: "goalReached",
      payload: { name: "Buffer" },
      dedupeKey: "goal-reached:a",
    });
    await notifyHouseholdMembers({
      householdId: household.id,
      kind: "goalReached",
      payload: { name: "Buffer" },
      dedupeKey: "goal-reached:a",
    });
    await notifyHouseholdMembers({
      householdId: household.id,
      kind: "partnerJoined",
      payload: { name: "Sam" },
      dedupeKey: "partner:b",
    });
    const before = await listNotifications({ userId: owner.id });
    expect(before.unread).toBe(2);
    expect(before.items.map((item) => item.kind).sort()).toEqual(["goalReached", "partnerJoined"]);
    await markNotificationsRead({ userId: owner.id });
    const after = await listNotifications({ userId: owner.id });
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.read)).toBe(true);
  });

  it("refuses a name or household name with any control character (line breaks and tabs included), with a translated message", () => {
    const control = fc.oneof(
      fc.constantFrom("\r", "\n", "\r\n", "\t", "\u0000", "\u001b", "\u007f", "\u0085", "\u009f"),
      fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
    );
    const plain = fc.string({ maxLength: 20 }).map((text) => text.replace(/\p{Cc}/gu, ""));
    fc.assert(
      fc.property(plain, control, plain, (before, bad, after) => {
        const name = `A${before}${bad}${after}`;
        expect(profileFields.safeParse({ name, locale: "en" }).error?.issues.map((issue) => issue.message)).toContain(
          "errors.name.controlCharacters",
        );
        expect(
          householdFields.safeParse({ name, currency: "EUR" }).error?.issues.map((issue) => issue.message),
        ).toContain("errors.householdName.controlCharacters");
      }),
      { numRuns: 300 },
    );
    // Names in any script, with emoji and inner spaces, stay welcome.
    expect(profileFields.parse({ name: "Zoë Łukasz 🙂 Олена", locale: "en" }).name).toBe("Zoë Łukasz 🙂 Олена");
    expect(householdFields.parse({ name: "Thuis — Ev & Jan", currency: "EUR" }).name).toBe("Thuis — Ev & Jan");
  });
});
