import crypto from "node:crypto";
import { and, asc, count, eq, gt, lt, sql } from "drizzle-orm";
import { publicUrl } from "~/config.server";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { household, householdMember, notification } from "~/db/schema/household";
import { invitation } from "~/db/schema/sharing";
import { isLanguage, type Language } from "~/domain/languages";
import { can } from "~/domain/plans";
import { householdPlan } from "~/lib/billing-mode.server";
import { householdName } from "~/features/household/household-name";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { choosePersonalPrivacy, showsPersonalInDetail } from "~/features/household/personal-privacy.server";
import { sendMail } from "~/features/mail/mailer.server";
import { mailTranslator, renderEmail } from "~/features/mail/render-email.server";
import { serverTranslator } from "~/i18n/resources.server";
import { deleteMemberDrafts } from "~/features/statement-import/statement-import.server";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/lib/uuid";
import { normaliseEmail } from "./sharing.schema";

/** How long an invitation link works. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Pending invitations a household may have at once, and new ones per day: enough for a family, useless for spam. */
export const maxPendingInvitations = 10;
export const maxInvitationsPerDay = 20;

export type InviteError = "premiumRequired" | "invalidEmail" | "self" | "alreadyMember" | "tooMany" | "mailFailed";
export type InvitationState = "valid" | "expired" | "used" | "revoked" | "notFound" | "wrongEmail" | "unavailable";

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

export function invitationLink(token: string): string {
  return `${publicUrl()}/app/invitations/${encodeURIComponent(token)}`;
}

/** a***@example.com: enough for the invitee to recognise the address, not enough to harvest it from a leaked link. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

async function sendInvitationMail(options: {
  to: string;
  language: Language;
  inviterName: string;
  householdName: string;
  link: string;
  expiresAt: Date;
  canEdit: boolean;
}) {
  const t = await mailTranslator(options.language, "premium");
  const tApp = await mailTranslator(options.language, "app");
  const inviter = options.inviterName || t("mail.invitation.someone");
  // The invitee is not its owner: an untouched "My budget" reads "Sanne's budget" to them, as in their switcher.
  const household = householdName(
    { name: options.householdName, role: "partner", ownerName: options.inviterName },
    tApp,
  );
  const expires = new Intl.DateTimeFormat(options.language === "ua" ? "uk" : options.language, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(options.expiresAt);
  const content = await renderEmail({
    language: options.language,
    subject: t("mail.invitation.subject", { inviter }),
    heading: t("mail.invitation.heading", { inviter }),
    paragraphs: [
      // The invitation names the role it gives: to see the budget, or to keep it together.
      t(options.canEdit ? "mail.invitation.bodyEdit" : "mail.invitation.body", { inviter, household }),
      options.canEdit ? t("mail.invitation.canEdit") : t("mail.invitation.readOnly"),
      t("mail.invitation.account", { email: options.to }),
    ],
    action: { label: t("mail.invitation.action"), url: options.link },
    note: t("mail.invitation.note", { date: expires }),
    reason: t("mail.invitation.reason", { inviter }),
  });
  await sendMail({ to: options.to, kind: "invitation", ...content });
}

/**
 * The owner of a premium household invites someone by e-mail, to edit with them or only to look. The link (valid 7 days, single
 * use) carries a random token; only its SHA-256 is stored. The mail is written in the invitee's language: theirs
 * if they already have an account, else the one the owner picked. A new invitation to the same address replaces
 * the pending one.
 */
export async function invitePartner({
  userId,
  householdId,
  email: rawEmail,
  language,
  canEdit = false,
  now = new Date(),
}: {
  userId: string;
  householdId: string;
  email: string;
  language: Language;
  canEdit?: boolean;
  now?: Date;
}): Promise<
  | { ok: true; invitationId: string; email: string; link: string }
  | { ok: false; error: InviteError; retryAfterSeconds?: number }
> {
  const access = await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  if (!can(access.plan, "partners.invite")) return { ok: false, error: "premiumRequired" };
  const email = normaliseEmail(rawEmail);
  if (!email) return { ok: false, error: "invalidEmail" };

  const [inviter] = await db()
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!inviter) throw new Error("inviter without a user row");
  if (inviter.email.toLowerCase() === email) return { ok: false, error: "self" };

  const [member] = await db()
    .select({ userId: householdMember.userId })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.userId))
    .where(and(eq(householdMember.householdId, householdId), sql`lower(${user.email}) = ${email}`))
    .limit(1);
  if (member) return { ok: false, error: "alreadyMember" };

  const [recent] = await db()
    .select({ total: count(), oldest: sql<Date | string | null>`min(${invitation.createdAt})` })
    .from(invitation)
    .where(
      and(
        eq(invitation.householdId, householdId),
        gt(invitation.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    );
  const [pending] = await db()
    .select({ total: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.householdId, householdId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
        sql`${invitation.email} <> ${email}`,
      ),
    );
  if ((recent?.total ?? 0) >= maxInvitationsPerDay && recent?.oldest) {
    // The day's allowance frees up when the oldest invitation of the last 24 hours leaves the window.
    const freedAt = new Date(recent.oldest).getTime() + 24 * 60 * 60 * 1000;
    return { ok: false, error: "tooMany", retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) };
  }
  // Pending invitations free up when one is revoked or expires; an hour is an honest "later".
  if ((pending?.total ?? 0) >= maxPendingInvitations)
    return { ok: false, error: "tooMany", retryAfterSeconds: 60 * 60 };

  const [existingAccount] = await db()
    .select({ locale: user.locale })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`)
    .limit(1);
  const mailLanguage: Language = isLanguage(existingAccount?.locale) ? existingAccount.locale : language;

  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const created = await db().transaction(async (tx) => {
    await tx
      .delete(invitation)
      .where(
        and(eq(invitation.householdId, householdId), eq(invitation.email, email), eq(invitation.status, "pending")),
      );
    const [row] = await tx
      .insert(invitation)
      .values({
        householdId,
        email,
        tokenHash: hashInvitationToken(token),
        language: mailLanguage,
        canEdit,
        invitedByUserId: userId,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: invitation.id });
    return row;
  });
  if (!created) throw new Error("invitation insert returned nothing");

  try {
    await sendInvitationMail({
      to: email,
      language: mailLanguage,
      inviterName: inviter.name,
      householdName: access.household.name,
      link: invitationLink(token),
      expiresAt,
      canEdit,
    });
  } catch (error) {
    logger.error({ err: error, invitationId: created.id }, "invitation mail failed");
    await db().delete(invitation).where(eq(invitation.id, created.id));
    return { ok: false, error: "mailFailed" };
  }
  // The owner sees the link too: on an installation without mail it is the only way to hand it over.
  return { ok: true, invitationId: created.id, email, link: invitationLink(token) };
}

async function findByToken(token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db()
    .select({
      id: invitation.id,
      householdId: invitation.householdId,
      email: invitation.email,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      canEdit: invitation.canEdit,
      householdName: household.name,
      inviterName: user.name,
      plan: subscription.plan,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    })
    .from(invitation)
    .innerJoin(household, eq(household.id, invitation.householdId))
    .innerJoin(user, eq(user.id, invitation.invitedByUserId))
    .leftJoin(subscription, eq(subscription.householdId, invitation.householdId))
    .where(eq(invitation.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row;
}

type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

function stateOf(row: FoundInvitation | undefined, email: string, now: Date): InvitationState {
  if (!row) return "notFound";
  if (row.status === "accepted") return "used";
  if (row.status === "revoked") return "revoked";
  if (row.status === "expired" || row.expiresAt.getTime() <= now.getTime()) return "expired";
  const plan = householdPlan(
    {
      plan: row.plan,
      status: row.subscriptionStatus,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
    now,
  );
  if (!can(plan, "partners.access")) return "unavailable";
  if (row.email !== email.toLowerCase()) return "wrongEmail";
  return "valid";
}

export interface InvitationView {
  state: InvitationState;
  householdName: string | null;
  inviterName: string | null;
  /** The invited address, masked; shown when the signed-in address is another one. */
  invitedEmail: string | null;
  /** Set when the signed-in user is already a member of that household. */
  alreadyMember: boolean;
  /** The invitation is to edit with the owner rather than only to look (told only on a valid link). */
  canEdit: boolean;
}

/** What the invitation page shows to the signed-in user holding the link. */
export async function getInvitation({
  token,
  userId,
  email,
  now = new Date(),
}: {
  token: string;
  userId: string;
  email: string;
  now?: Date;
}): Promise<InvitationView> {
  const row = await findByToken(token);
  const state = stateOf(row, email, now);
  if (!row)
    return { state, householdName: null, inviterName: null, invitedEmail: null, alreadyMember: false, canEdit: false };
  if (state === "expired" && row.status === "pending") {
    await db()
      .update(invitation)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(invitation.id, row.id), eq(invitation.status, "pending")));
  }
  const [membership] = await db()
    .select({ role: householdMember.role })
    .from(householdMember)
    .where(and(eq(householdMember.householdId, row.householdId), eq(householdMember.userId, userId)))
    .limit(1);
  return {
    state,
    // A stranger with an old or foreign link learns nothing about the household.
    householdName: state === "valid" || state === "wrongEmail" ? row.householdName : null,
    inviterName: state === "valid" || state === "wrongEmail" ? row.inviterName : null,
    invitedEmail: state === "wrongEmail" ? maskEmail(row.email) : null,
    alreadyMember: Boolean(membership),
    canEdit: state === "valid" && row.canEdit,
  };
}

/** What the sign-in and sign-up screens say of the invitation a visitor came from, before they have an account. */
export interface InvitationPreview {
  inviterName: string;
  /** As the invitee will see it in their switcher: an untouched "My budget" reads "<inviter>'s budget". */
  householdName: string;
  canEdit: boolean;
  /** The invited address, to fill in: the link holder is the one it was mailed to. */
  email: string;
}

const invitationPath = /^\/app\/invitations\/([\w-]{20,200})$/;

/**
 * The invitation behind a sign-in's `redirectTo` (`/app/invitations/<token>`), while it can still be accepted; null
 * for any other path, or a used, withdrawn, expired or unknown link, which tells a stranger nothing.
 */
export async function previewInvitation(
  redirectTo: string,
  language: Language,
  now = new Date(),
): Promise<InvitationPreview | null> {
  const token = invitationPath.exec(redirectTo)?.[1];
  if (!token) return null;
  const row = await findByToken(token);
  if (!row || row.status !== "pending" || row.expiresAt.getTime() <= now.getTime()) return null;
  const tApp = serverTranslator(language).getFixedT(language, "app");
  return {
    inviterName: row.inviterName,
    householdName: householdName({ name: row.householdName, role: "partner", ownerName: row.inviterName }, tApp),
    canEdit: row.canEdit,
    email: row.email,
  };
}

/**
 * Accepts an invitation for the signed-in user: only with the invited address, only once (the status changes from
 * pending in one conditional update, so two tabs cannot both use it), only before it expires and while the
 * household is premium. The owner gets a notification (the alert dot).
 */
export async function acceptInvitation({
  token,
  userId,
  email,
  now = new Date(),
}: {
  token: string;
  userId: string;
  email: string;
  now?: Date;
}): Promise<{ ok: true; householdId: string } | { ok: false; error: Exclude<InvitationState, "valid"> }> {
  const row = await findByToken(token);
  const state = stateOf(row, email, now);
  if (!row || state !== "valid") return { ok: false, error: state === "valid" ? "notFound" : state };

  const accepted = await db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitation)
      .set({ status: "accepted", acceptedByUserId: userId, respondedAt: now, updatedAt: now })
      .where(and(eq(invitation.id, row.id), eq(invitation.status, "pending"), gt(invitation.expiresAt, now)))
      .returning({ id: invitation.id });
    if (!claimed) return false;
    await tx
      .insert(householdMember)
      .values({ householdId: row.householdId, userId, role: "partner", canEdit: row.canEdit })
      .onConflictDoNothing();
    const [joined] = await tx
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .limit(1);
    const [owner] = await tx
      .select({ id: household.ownerUserId })
      .from(household)
      .where(eq(household.id, row.householdId))
      .limit(1);
    if (owner && owner.id !== userId) {
      await tx
        .insert(notification)
        .values({
          userId: owner.id,
          householdId: row.householdId,
          kind: "partnerJoined",
          payload: {
            name: joined?.name || joined?.email || email,
            email: joined?.email ?? email,
            householdName: row.householdName,
          },
          dedupeKey: `partner-joined:${row.id}`,
        })
        .onConflictDoNothing();
    }
    return true;
  });
  if (!accepted) return { ok: false, error: "used" };
  logger.info({ invitationId: row.id, householdId: row.householdId }, "invitation accepted");
  return { ok: true, householdId: row.householdId };
}

export interface SharingOverview {
  role: "owner" | "partner";
  /** Whether the household's plan lets the owner invite (premium). */
  premium: boolean;
  canInvite: boolean;
  members: {
    userId: string;
    name: string;
    email: string;
    role: "owner" | "partner";
    canEdit: boolean;
    joinedAt: string;
    isYou: boolean;
    /** Whether the others see this member's personal spending entry by entry (false: only as category totals). */
    personalInDetail: boolean;
  }[];
  /** Pending invitations, owner only. */
  pending: { id: string; email: string; canEdit: boolean; expiresAt: string; createdAt: string }[];
}

/** The owner sees members and pending invitations; a partner sees who shares the household with them. */
export async function getSharingOverview({
  userId,
  householdId,
  now = new Date(),
}: {
  userId: string;
  householdId: string;
  now?: Date;
}): Promise<SharingOverview> {
  const access = await requireHouseholdAccess({ userId, householdId });
  const premium = can(access.plan, "partners.invite");
  const members = await db()
    .select({
      userId: householdMember.userId,
      name: user.name,
      email: user.email,
      role: householdMember.role,
      canEdit: householdMember.canEdit,
      joinedAt: householdMember.createdAt,
      personalInDetail: showsPersonalInDetail(householdMember.householdId, householdMember.userId),
    })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.userId))
    .where(eq(householdMember.householdId, householdId))
    .orderBy(sql`${householdMember.role} = 'owner' desc`, asc(householdMember.createdAt));
  const pending =
    access.role === "owner"
      ? await db()
          .select({
            id: invitation.id,
            email: invitation.email,
            canEdit: invitation.canEdit,
            expiresAt: invitation.expiresAt,
            createdAt: invitation.createdAt,
          })
          .from(invitation)
          .where(
            and(
              eq(invitation.householdId, householdId),
              eq(invitation.status, "pending"),
              gt(invitation.expiresAt, now),
            ),
          )
          .orderBy(asc(invitation.createdAt))
      : [];
  return {
    role: access.role,
    premium,
    canInvite: access.role === "owner" && premium,
    members: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      email: member.email,
      role: member.role,
      canEdit: member.role === "owner" || member.canEdit,
      joinedAt: member.joinedAt.toISOString(),
      isYou: member.userId === userId,
      personalInDetail: member.personalInDetail,
    })),
    pending: pending.map((item) => ({
      id: item.id,
      email: item.email,
      canEdit: item.canEdit,
      expiresAt: item.expiresAt.toISOString(),
      createdAt: item.createdAt.toISOString(),
    })),
  };
}

/**
 * The owner withdraws a pending invitation: the row (and so the invitee's address) is deleted, and its link
 * stops working at once. The privacy policy promises unaccepted invitations live only until revoked or expired.
 */
export async function revokeInvitation({
  userId,
  householdId,
  invitationId,
}: {
  userId: string;
  householdId: string;
  invitationId: string;
}) {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  if (!isUuid(invitationId)) return { ok: false as const };
  const removed = await db()
    .delete(invitation)
    .where(
      and(eq(invitation.id, invitationId), eq(invitation.householdId, householdId), eq(invitation.status, "pending")),
    )
    .returning({ id: invitation.id });
  return { ok: removed.length > 0 };
}

/**
 * A fresh link for a pending invitation, for the owner to hand over themselves (the mail never came, or the server has
 * none). Only the token's hash is stored, so the old link cannot be shown again: it is replaced, and stops working.
 * The invitation keeps its address, role and expiry; only that address can accept it.
 */
export async function renewInvitationLink({
  userId,
  householdId,
  invitationId,
  now = new Date(),
}: {
  userId: string;
  householdId: string;
  invitationId: string;
  now?: Date;
}): Promise<{ ok: true; link: string } | { ok: false }> {
  const access = await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  if (!can(access.plan, "partners.invite") || !isUuid(invitationId)) return { ok: false };
  const token = crypto.randomBytes(32).toString("base64url");
  const renewed = await db()
    .update(invitation)
    .set({ tokenHash: hashInvitationToken(token), updatedAt: now })
    .where(
      and(
        eq(invitation.id, invitationId),
        eq(invitation.householdId, householdId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
      ),
    )
    .returning({ id: invitation.id });
  return renewed.length > 0 ? { ok: true, link: invitationLink(token) } : { ok: false };
}

/**
 * Deletes every invitation past its expiry (unused ones with the address they were sent to, and used ones, whose
 * work the membership row now does). Runs hourly; until then an expired link still says "expired".
 */
export async function purgeExpiredInvitations(now: Date = new Date()): Promise<number> {
  const removed = await db().delete(invitation).where(lt(invitation.expiresAt, now)).returning({ id: invitation.id });
  return removed.length;
}

/**
 * The owner ends a partner's access. Access is checked on every request, so the partner's next request (a page,
 * a form, a download) no longer sees the household. Their own account and household are untouched.
 */
export async function removePartner({
  userId,
  householdId,
  partnerUserId,
}: {
  userId: string;
  householdId: string;
  partnerUserId: string;
}) {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  const removed = await db()
    .delete(householdMember)
    .where(
      and(
        eq(householdMember.householdId, householdId),
        eq(householdMember.userId, partnerUserId),
        eq(householdMember.role, "partner"),
      ),
    )
    .returning({ userId: householdMember.userId });
  await deleteMemberDrafts(db(), householdId, partnerUserId);
  return { ok: removed.length > 0 };
}

/**
 * The owner lets a partner edit or makes them a viewer again. Effective on the partner's next request, like
 * every access check; an editor's unsaved form is then refused as read-only, never half-written.
 */
export async function setPartnerAccess({
  userId,
  householdId,
  partnerUserId,
  canEdit,
}: {
  userId: string;
  householdId: string;
  partnerUserId: string;
  canEdit: boolean;
}) {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  const changed = await db()
    .update(householdMember)
    .set({ canEdit, updatedAt: new Date() })
    .where(
      and(
        eq(householdMember.householdId, householdId),
        eq(householdMember.userId, partnerUserId),
        eq(householdMember.role, "partner"),
      ),
    )
    .returning({ userId: householdMember.userId });
  return { ok: changed.length > 0 };
}

/**
 * A member chooses how the others see their personal spending: entry by entry, or only as category totals (design:
 * money-in.md, "Two people"). It is about their own data, so every member may choose, a partner who only looks too;
 * only the caller's own choice changes. Effective on the others' next request (`hiddenPersonalOf`). The choice outlives
 * the membership: leaving, being removed or deleting the account keeps it, and so does joining again (decision 0016).
 */
export async function setPersonalPrivacy({
  userId,
  householdId,
  personalInDetail,
}: {
  userId: string;
  householdId: string;
  personalInDetail: boolean;
}) {
  await requireHouseholdAccess({ userId, householdId });
  await choosePersonalPrivacy({ householdId, userId, personalInDetail });
  return { ok: true as const };
}

/** A partner leaves a household they were invited to; an owner cannot leave their own. */
export async function leaveHousehold({ userId, householdId }: { userId: string; householdId: string }) {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (access.role === "owner") return { ok: false as const, error: "ownerCannotLeave" as const };
  await db()
    .delete(householdMember)
    .where(
      and(
        eq(householdMember.householdId, householdId),
        eq(householdMember.userId, userId),
        eq(householdMember.role, "partner"),
      ),
    );
  await deleteMemberDrafts(db(), householdId, userId);
  return { ok: true as const };
}
