import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { householdMember } from "~/db/schema/household";
import { invitation } from "~/db/schema/sharing";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium, seedSubscription } from "../../../db/seed/premium";
import { HouseholdAccessError } from "~/features/household/errors";
import { listUserHouseholds, requireHouseholdAccess } from "~/features/household/households.server";
import { listNotifications } from "~/features/household/notifications.server";
import { memoryOutboxFor } from "~/features/mail/mailer.server";
import {
  acceptInvitation,
  getInvitation,
  getSharingOverview,
  hashInvitationToken,
  invitationLifetimeMs,
  invitePartner,
  leaveHousehold,
  previewInvitation,
  purgeExpiredInvitations,
  removePartner,
  renewInvitationLink,
  revokeInvitation,
  setPartnerAccess,
} from "./invitations.server";

useTestDatabase();

/** The token from the newest invitation mail to `email` (as the invitee would click it). */
function tokenFromMail(email: string): string {
  const mail = memoryOutboxFor(email)
    .filter((entry) => entry.kind === "invitation")
    .at(-1);
  if (!mail) throw new Error(`no invitation mail for ${email}`);
  const link = new URL(mail.links[0] as string);
  return decodeURIComponent(link.pathname.split("/").at(-1) as string);
}

async function premiumOwner(options: { name?: string } = {}) {
  const seeded = await seedHousehold({ name: options.name ?? "Olga Owner", householdName: "Family budget" });
  await seedPremium(seeded.household.id);
  return seeded;
}

describe("invitations", () => {
  it("the whole life cycle: invite, mail in the invitee's language, accept once, owner notified, partner reads only", async () => {
    const { owner, household } = await premiumOwner();
    const invitee = await seedUser({ email: "pat@example.com", name: "Pat", locale: "nl" });

    const invited = await invitePartner({
      userId: owner.id,
      householdId: household.id,
      email: "  Pat@Example.com ",
      language: "en",
    });
    expect(invited).toMatchObject({ ok: true, email: "pat@example.com" });

    // The mail is in Dutch (the invitee's saved language), names the owner, and carries the link.
    const mail = memoryOutboxFor("pat@example.com").at(-1);
    expect(mail?.subject).toContain("Olga Owner");
    expect(mail?.html).toContain('lang="nl"');
    const token = tokenFromMail("pat@example.com");
    expect(mail?.links[0]).toMatch(/\/app\/invitations\/[\w-]{40,}$/);

    // Only the hash is stored.
    const [stored] = await db().select().from(invitation).where(eq(invitation.householdId, household.id));
    expect(stored?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.expiresAt.getTime()).toBeCloseTo(Date.now() + invitationLifetimeMs, -4);

    expect(await getInvitation({ token, userId: invitee.id, email: invitee.email })).toMatchObject({
      state: "valid",
      householdName: "Family budget",
      inviterName: "Olga Owner",
    });
    // Before signing in, the sign-in screen names who invites whom to what; never for another path.
    expect(await previewInvitation(`/app/invitations/${token}`, "en")).toEqual({
      inviterName: "Olga Owner",
      householdName: "Family budget",
      canEdit: false,
      email: "pat@example.com",
    });
    expect(await previewInvitation(`/app/goals`, "en")).toBeNull();
    expect(await previewInvitation(`/app/invitations/${token}x`, "en")).toBeNull();
    expect(await acceptInvitation({ token, userId: invitee.id, email: invitee.email })).toEqual({
      ok: true,
      householdId: household.id,
    });
    // A used link tells a stranger nothing any more.
    expect(await previewInvitation(`/app/invitations/${token}`, "en")).toBeNull();

    const access = await requireHouseholdAccess({ userId: invitee.id, householdId: household.id });
    expect(access).toMatchObject({ role: "partner", canWrite: false });
    await expect(
      requireHouseholdAccess({ userId: invitee.id, householdId: household.id, write: true }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    // A partner cannot invite anyone.
    await expect(
      invitePartner({ userId: invitee.id, householdId: household.id, email: "friend@example.com", language: "en" }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));

    const inbox = await listNotifications({ userId: owner.id });
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({ kind: "partnerJoined", payload: { name: "Pat", email: "pat@example.com" } });
    expect((await listNotifications({ userId: invitee.id })).unread).toBe(0);

    const overview = await getSharingOverview({ userId: owner.id, householdId: household.id });
    expect(overview.members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, "owner"],
      ["pat@example.com", "partner"],
    ]);
    expect(overview.pending).toEqual([]);
  });

  it("a link works once: a second use, even by the same person, is refused", async () => {
    const { owner, household } = await premiumOwner();
    const invitee = await seedUser({ email: "once@example.com" });
    await invitePartner({ userId: owner.id, householdId: household.id, email: invitee.email, language: "en" });
    const token = tokenFromMail(invitee.email);
    const [first, second] = await Promise.all([
      acceptInvitation({ token, userId: invitee.id, email: invitee.email }),
      acceptInvitation({ token, userId: invitee.id, email: invitee.email }),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await acceptInvitation({ token, userId: invitee.id, email: invitee.email })).toEqual({
      ok: false,
      error: "used",
    });
    expect((await getInvitation({ token, userId: invitee.id, email: invitee.email })).state).toBe("used");
  });

  it("an expired link is refused and says so", async () => {
    const { owner, household } = await premiumOwner();
    const invitee = await seedUser({ email: "late@example.com" });
    const sentAt = new Date(Date.now() - invitationLifetimeMs - 60_000);
    await invitePartner({
      userId: owner.id,
      householdId: household.id,
      email: invitee.email,
      language: "en",
      now: sentAt,
    });
    const token = tokenFromMail(invitee.email);
    expect(await acceptInvitation({ token, userId: invitee.id, email: invitee.email })).toEqual({
      ok: false,
      error: "expired",
    });
    const view = await getInvitation({ token, userId: invitee.id, email: invitee.email });
    expect(view).toMatchObject({ state: "expired", householdName: null });
    const [row] = await db()
      .select({ status: invitation.status })
      .from(invitation)
      .where(eq(invitation.tokenHash, hashInvitationToken(token)));
    expect(row?.status).toBe("expired");
    // The hourly clean-up then deletes it, address and all.
    expect(await purgeExpiredInvitations()).toBeGreaterThanOrEqual(1);
    expect(
      await db()
        .select()
        .from(invitation)
        .where(eq(invitation.tokenHash, hashInvitationToken(token))),
    ).toEqual([]);
    expect(await acceptInvitation({ token, userId: invitee.id, email: invitee.email })).toEqual({
      ok: false,
      error: "notFound",
    });
    // Just before the end it still works.
    await invitePartner({
      userId: owner.id,
      householdId: household.id,
      email: invitee.email,
      language: "en",
      now: new Date(Date.now() - invitationLifetimeMs + 60_000),
    });
    expect(
      await acceptInvitation({ token: tokenFromMail(invitee.email), userId: invitee.id, email: invitee.email }),
    ).toMatchObject({ ok: true });
  });

  it("another signed-in address is refused with the invited one masked, and the link stays usable for the right person", async () => {
    const { owner, household } = await premiumOwner();
    await invitePartner({ userId: owner.id, householdId: household.id, email: "right@example.com", language: "en" });
    const token = tokenFromMail("right@example.com");
    const wrong = await seedUser({ email: "wrong@example.com" });
    expect(await getInvitation({ token, userId: wrong.id, email: wrong.email })).toMatchObject({
      state: "wrongEmail",
      invitedEmail: "r***@example.com",
    });
    expect(await acceptInvitation({ token, userId: wrong.id, email: wrong.email })).toEqual({
      ok: false,
      error: "wrongEmail",
    });
    await expect(requireHouseholdAccess({ userId: wrong.id, householdId: household.id })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    const right = await seedUser({ email: "right@example.com" });
    expect(await acceptInvitation({ token, userId: right.id, email: right.email })).toMatchObject({ ok: true });
  });

  it("an unknown or tampered token is simply not found", async () => {
    const user = await seedUser();
    expect(await getInvitation({ token: "not-a-token", userId: user.id, email: user.email })).toMatchObject({
      state: "notFound",
      householdName: null,
    });
    expect(await acceptInvitation({ token: "x".repeat(500), userId: user.id, email: user.email })).toEqual({
      ok: false,
      error: "notFound",
    });
  });

  it("the owner revokes a pending invitation: its link stops working", async () => {
    const { owner, household } = await premiumOwner();
    const invitee = await seedUser({ email: "revoked@example.com" });
    const invited = await invitePartner({
      userId: owner.id,
      householdId: household.id,
      email: invitee.email,
      language: "en",
    });
    if (!invited.ok) throw new Error("not invited");
    expect(
      (await getSharingOverview({ userId: owner.id, householdId: household.id })).pending.map((item) => item.email),
    ).toEqual([invitee.email]);
    expect(
      await revokeInvitation({ userId: owner.id, householdId: household.id, invitationId: invited.invitationId }),
    ).toEqual({ ok: true });
    expect(
      await acceptInvitation({ token: tokenFromMail(invitee.email), userId: invitee.id, email: invitee.email }),
    ).toEqual({ ok: false, error: "notFound" });
    expect((await getSharingOverview({ userId: owner.id, householdId: household.id })).pending).toEqual([]);
    // Nothing of the withdrawn invitation is kept (the privacy policy's promise).
    expect(await db().select().from(invitation).where(eq(invitation.email, invitee.email))).toEqual([]);
  });

  it("the owner sees the link when inviting, and can get a new one for a pending invitation; the old one stops working", async () => {
    const { owner, household } = await premiumOwner();
    const invitee = await seedUser({ email: "handed@example.com" });
    const invited = await invitePartner({
      userId: owner.id,
      householdId: household.id,
      email: invitee.email,
      language: "en",
      canEdit: true,
    });
    if (!invited.ok) throw new Error("not invited");
    const mailed = tokenFromMail(invitee.email);
    expect(invited.link).toMatch(new RegExp(`/app/invitations/${mailed}$`));

    // Nobody but the owner gets a link: not another household's owner, not with a made-up id.
    const other = await premiumOwner({ name: "Other Owner" });
    const partner = await seedUser();
    await db().insert(householdMember).values({ householdId: household.id, userId: partner.id, role: "partner" });
    await expect(
      renewInvitationLink({ userId: partner.id, householdId: household.id, invitationId: invited.invitationId }),
    ).rejects.toBeInstanceOf(HouseholdAccessError);
    expect(
      await renewInvitationLink({
        userId: other.owner.id,
        householdId: other.household.id,
        invitationId: invited.invitationId,
      }),
    ).toEqual({ ok: false });
    expect(
      await renewInvitationLink({ userId: owner.id, householdId: household.id, invitationId: "not-a-uuid" }),
    ).toEqual({ ok: false });

    const renewed = await renewInvitationLink({
      userId: owner.id,
      householdId: household.id,
      invitationId: invited.invitationId,
    });
    if (!renewed.ok) throw new Error("no new link");
    const token = decodeURIComponent(new URL(renewed.link).pathname.split("/").at(-1) as string);
    expect(token).not.toBe(mailed);
    expect(await acceptInvitation({ token: mailed, userId: invitee.id, email: invitee.email })).toEqual({
      ok: false,
      error: "notFound",
    });
    expect(await acceptInvitation({ token, userId: invitee.id, email: invitee.email })).toMatchObject({ ok: true });
    // Accepted, it is no longer pending: no new link for it.
    expect(
      await renewInvitationLink({ userId: owner.id, householdId: household.id, invitationId: invited.invitationId }),
    ).toEqual({ ok: false });
    expect((await requireHouseholdAccess({ userId: invitee.id, householdId: household.id })).canWrite).toBe(true);
  });

  it("a new invitation to the same address replaces the pending one", async () => {
    const { owner, household } = await premiumOwner();
    await invitePartner({ userId: owner.id, householdId: household.id, email: "twice@example.com", language: "de" });
    const first = tokenFromMail("twice@example.com");
    await invitePartner({ userId: owner.id, householdId: household.id, email: "twice@example.com", language: "fr" });
    const second = tokenFromMail("twice@example.com");
    expect(memoryOutboxFor("twice@example.com").at(-1)?.html).toContain('lang="fr"');
    const invitee = await seedUser({ email: "twice@example.com" });
    expect(await acceptInvitation({ token: first, userId: invitee.id, email: invitee.email })).toEqual({
      ok: false,
      error: "notFound",
    });
    expect(await acceptInvitation({ token: second, userId: invitee.id, email: invitee.email })).toMatchObject({
      ok: true,
    });
  });

  it("refuses a free household, the owner's own address, a member, a bad address, and too many at once", async () => {
    const { owner, household } = await seedHousehold();
    expect(
      await invitePartner({ userId: owner.id, householdId: household.id, email: "a@example.com", language: "en" }),
    ).toEqual({ ok: false, error: "premiumRequired" });
    await seedPremium(household.id);
    expect(
      await invitePartner({
        userId: owner.id,
        householdId: household.id,
        email: owner.email.toUpperCase(),
        language: "en",
      }),
    ).toEqual({ ok: false, error: "self" });
    expect(
      await invitePartner({ userId: owner.id, householdId: household.id, email: "not an address", language: "en" }),
    ).toEqual({ ok: false, error: "invalidEmail" });
    const member = await seedUser({ email: "member@example.com" });
    await db().insert(householdMember).values({ householdId: household.id, userId: member.id, role: "partner" });
    expect(
      await invitePartner({ userId: owner.id, householdId: household.id, email: "member@example.com", language: "en" }),
    ).toEqual({ ok: false, error: "alreadyMember" });
    for (let index = 0; index < 10; index++) {
      expect(
        await invitePartner({
          userId: owner.id,
          householdId: household.id,
          email: `guest${index}@example.com`,
          language: "en",
        }),
      ).toMatchObject({ ok: true });
    }
    expect(
      await invitePartner({
        userId: owner.id,
        householdId: household.id,
        email: "one-more@example.com",
        language: "en",
      }),
    ).toEqual({ ok: false, error: "tooMany", retryAfterSeconds: 3600 });
    const stranger = await seedUser();
    await expect(
      invitePartner({ userId: stranger.id, householdId: household.id, email: "x@example.com", language: "en" }),
    ).rejects.toEqual(new HouseholdAccessError("notFound"));
  });

  it("revoking a partner while they are on a page takes effect at their next request", async () => {
    const { owner, household } = await premiumOwner();
    const partner = await seedUser({ email: "viewer@example.com" });
    await invitePartner({ userId: owner.id, householdId: household.id, email: partner.email, language: "en" });
    await acceptInvitation({ token: tokenFromMail(partner.email), userId: partner.id, email: partner.email });

    // The partner has the dashboard open (this request succeeded) …
    await expect(requireHouseholdAccess({ userId: partner.id, householdId: household.id })).resolves.toMatchObject({
      role: "partner",
    });
    // … the owner removes them …
    expect(await removePartner({ userId: owner.id, householdId: household.id, partnerUserId: partner.id })).toEqual({
      ok: true,
    });
    // … and the very next request from that page is refused, and the household leaves their switcher.
    await expect(requireHouseholdAccess({ userId: partner.id, householdId: household.id })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    expect((await listUserHouseholds({ userId: partner.id })).map((item) => item.id)).not.toContain(household.id);
    // The owner cannot be removed this way, and a partner cannot remove anyone.
    expect(await removePartner({ userId: owner.id, householdId: household.id, partnerUserId: owner.id })).toEqual({
      ok: false,
    });
  });

  it("the owner invites a partner who edits; the mail says so; editing can be withdrawn and given back, by the owner only", async () => {
    const { owner, household } = await premiumOwner();
    const partner = await seedUser({ email: "editor@example.com" });
    await invitePartner({
      userId: owner.id,
      householdId: household.id,
      email: partner.email,
      language: "en",
      canEdit: true,
    });
    const mail = memoryOutboxFor(partner.email).at(-1)?.text ?? "";
    expect(mail).toContain("add and change");
    expect(mail).toContain("to keep the budget");
    expect(mail).not.toContain("to see the budget");
    expect((await getSharingOverview({ userId: owner.id, householdId: household.id })).pending).toEqual([
      expect.objectContaining({ email: partner.email, canEdit: true }),
    ]);
    await acceptInvitation({ token: tokenFromMail(partner.email), userId: partner.id, email: partner.email });
    await expect(
      requireHouseholdAccess({ userId: partner.id, householdId: household.id, write: true }),
    ).resolves.toMatchObject({ canWrite: true });
    expect((await getSharingOverview({ userId: partner.id, householdId: household.id })).members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: partner.id, role: "partner", canEdit: true, isYou: true }),
      ]),
    );

    // An editor never manages the plan or the people: inviting, changing access and removing stay the owner's.
    await expect(
      invitePartner({
        userId: partner.id,
        householdId: household.id,
        email: "third@example.com",
        language: "en",
        canEdit: true,
      }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    await expect(
      setPartnerAccess({ userId: partner.id, householdId: household.id, partnerUserId: partner.id, canEdit: true }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));

    expect(
      await setPartnerAccess({
        userId: owner.id,
        householdId: household.id,
        partnerUserId: partner.id,
        canEdit: false,
      }),
    ).toEqual({ ok: true });
    await expect(
      requireHouseholdAccess({ userId: partner.id, householdId: household.id, write: true }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    expect(
      await setPartnerAccess({ userId: owner.id, householdId: household.id, partnerUserId: partner.id, canEdit: true }),
    ).toEqual({ ok: true });
    await expect(
      requireHouseholdAccess({ userId: partner.id, householdId: household.id, write: true }),
    ).resolves.toMatchObject({ canWrite: true });
    // The owner's own membership is not a partner's to change.
    expect(
      await setPartnerAccess({ userId: owner.id, householdId: household.id, partnerUserId: owner.id, canEdit: false }),
    ).toEqual({ ok: false });
  });

  it("a partner can leave; an owner cannot leave their own household", async () => {
    const { owner, household } = await premiumOwner();
    const partner = await seedUser({ email: "leaver@example.com" });
    await invitePartner({ userId: owner.id, householdId: household.id, email: partner.email, language: "en" });
    await acceptInvitation({ token: tokenFromMail(partner.email), userId: partner.id, email: partner.email });
    await expect(
      removePartner({ userId: partner.id, householdId: household.id, partnerUserId: partner.id }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    expect(await leaveHousehold({ userId: owner.id, householdId: household.id })).toEqual({
      ok: false,
      error: "ownerCannotLeave",
    });
    expect(await leaveHousehold({ userId: partner.id, householdId: household.id })).toEqual({ ok: true });
    const left = await db()
      .select()
      .from(householdMember)
      .where(and(eq(householdMember.householdId, household.id), eq(householdMember.userId, partner.id)));
    expect(left).toEqual([]);
  });

  it("an invitation to a household that went back to free cannot be accepted", async () => {
    const { owner, household } = await premiumOwner();
    const invitee = await seedUser({ email: "toolate@example.com" });
    await invitePartner({ userId: owner.id, householdId: household.id, email: invitee.email, language: "en" });
    await seedSubscription({ householdId: household.id, plan: "free", status: "canceled" });
    expect(
      await acceptInvitation({ token: tokenFromMail(invitee.email), userId: invitee.id, email: invitee.email }),
    ).toEqual({ ok: false, error: "unavailable" });
  });
});
