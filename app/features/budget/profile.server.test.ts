import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold } from "../../../db/seed/budget";
import { listNotifications, markNotificationsRead, notifyHouseholdMembers } from "~/features/household/notifications.server";
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
    expect(householdFields.safeParse({ name: "Home", currency: "BTC" }).error?.issues.map((issue) => issue.message)).toEqual(["errors.currency.invalid"]);
    expect(householdFields.parse({ name: " Home ", currency: "PLN" })).toEqual({ name: "Home", currency: "PLN" });
  });
});

describe("notifications", () => {
  it("are listed newest first with an unread count, and opening them marks them read", async () => {
    const { owner, household } = await seedHousehold();
    await notifyHouseholdMembers({ householdId: household.id, kind: "goalReached", payload: { name: "Buffer" }, dedupeKey: "goal-reached:a" });
    await notifyHouseholdMembers({ householdId: household.id, kind: "goalReached", payload: { name: "Buffer" }, dedupeKey: "goal-reached:a" });
    await notifyHouseholdMembers({ householdId: household.id, kind: "partnerJoined", payload: { name: "Sam" }, dedupeKey: "partner:b" });
    const before = await listNotifications({ userId: owner.id });
    expect(before.unread).toBe(2);
    expect(before.items.map((item) => item.kind).sort()).toEqual(["goalReached", "partnerJoined"]);
    await markNotificationsRead({ userId: owner.id });
    const after = await listNotifications({ userId: owner.id });
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.read)).toBe(true);
  });
});
