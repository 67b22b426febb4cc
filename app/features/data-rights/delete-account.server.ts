import { and, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { account, rateLimit, user, verification } from "~/db/schema/auth";
import { billingEvent, subscription } from "~/db/schema/billing";
import { household } from "~/db/schema/household";
import { invitation } from "~/db/schema/sharing";
import { isLanguage, type Language } from "~/domain/languages";
import { effectivePlan } from "~/domain/plans";
import { consumeRateLimit, emailKey } from "~/features/auth/rate-limit.server";
import { billingMode } from "~/lib/billing-mode.server";
import { stripeClient } from "~/features/billing/stripe-client.server";
import { sendMail } from "~/features/mail/mailer.server";
import { deleteMailTo } from "~/features/mail/retry-queue.server";
import { deleteMemberDrafts } from "~/features/statement-import/statement-import.server";
import { mailTranslator, renderEmail } from "~/features/mail/render-email.server";
import { logger } from "~/lib/logger.server";

export type DeleteAccountError = "passwordRequired" | "wrongPassword" | "tooManyAttempts" | "billingFailed";

/** `text` as a LIKE pattern that matches exactly it: `%`, `_` and the escape sign itself taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Password attempts allowed per account in a quarter of an hour, so the form cannot be used to guess passwords. */
const attemptRule = { windowSeconds: 15 * 60, max: 5 };

async function sendDeletionMail({ email, language }: { email: string; language: Language }) {
  const t = await mailTranslator(language, "premium");
  const content = await renderEmail({
    language,
    subject: t("mail.accountDeleted.subject"),
    heading: t("mail.accountDeleted.heading"),
    paragraphs: [t("mail.accountDeleted.greeting"), t("mail.accountDeleted.body"), t("mail.accountDeleted.kept")],
    reason: t("mail.accountDeleted.reason", { email }),
  });
  await sendMail({ to: email, kind: "account-deleted", ...content });
}

/**
 * Deletes the signed-in user's account after they re-enter their password: ends every session, deletes every
 * household they own with everything in it (entries, categories, goals, subscription, members, invitations,
 * notifications), removes them from households they joined, deletes invitations addressed to them, their sign-in
 * traces, their rate-limit counters and the mail kept for them in `mail_outbox`, and sends a confirmation e-mail (which,
 * should SMTP not take it, waits there like any other until delivered). A running Stripe subscription is cancelled first, so nobody is
 * charged for a deleted account; if Stripe cannot be reached nothing is deleted and the user is asked to retry.
 */
export async function deleteAccount({
  userId,
  password,
}: {
  userId: string;
  password: string;
}): Promise<{ ok: true; email: string } | { ok: false; error: DeleteAccountError; retryAfterSeconds?: number }> {
  if (!password) return { ok: false, error: "passwordRequired" };
  const [person] = await db()
    .select({ id: user.id, email: user.email, locale: user.locale })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!person) return { ok: false, error: "wrongPassword" };

  const attempt = await consumeRateLimit(`delete-account:user:${userId}`, attemptRule);
  if (!attempt.allowed) return { ok: false, error: "tooManyAttempts", retryAfterSeconds: attempt.retryAfterSeconds };
  const [credential] = await db()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password })))
    return { ok: false, error: "wrongPassword" };

  const owned = await db()
    .select({ id: household.id, subscription })
    .from(household)
    .leftJoin(subscription, eq(subscription.householdId, household.id))
    .where(eq(household.ownerUserId, userId));
  const paid = owned.flatMap((row) =>
    row.subscription?.providerSubscriptionId && effectivePlan(row.subscription) === "premium"
      ? [row.subscription.providerSubscriptionId]
      : [],
  );
  if (paid.length) {
    if (billingMode() !== "stripe") return { ok: false, error: "billingFailed" };
    try {
      for (const subscriptionId of paid) await stripeClient().subscriptions.cancel(subscriptionId);
    } catch (error) {
      logger.error({ err: error, userId }, "could not cancel the Stripe subscription of an account being deleted");
      return { ok: false, error: "billingFailed" };
    }
  }
  const providerIds = owned
    .flatMap((row) => [row.subscription?.providerSubscriptionId, row.subscription?.providerCustomerId])
    .filter((id): id is string => Boolean(id));
  const email = person.email.toLowerCase();

  await db().transaction(async (tx) => {
    await tx.delete(invitation).where(eq(invitation.email, email));
    await tx.delete(verification).where(or(eq(verification.value, userId), eq(verification.identifier, email)));
    // Their counters only: the address's digest and the user id are taken literally, so a `_` or `%` in either
    // matches no other person's key.
    const digest = emailKey("", email).split(":").at(-1) ?? "";
    await tx
      .delete(rateLimit)
      .where(
        or(
          like(rateLimit.key, `%:email:${likeLiteral(digest)}%`),
          like(rateLimit.key, `%:user:${likeLiteral(userId)}`),
        ),
      );
    // Mail waiting for them (or kept a week after it went): the address and the links in it go with the account.
    await deleteMailTo(tx, email);
    if (providerIds.length) await tx.delete(billingEvent).where(inArray(billingEvent.objectId, providerIds));
    // Their bank files waiting in households they joined (their own households' drafts go with the households).
    await deleteMemberDrafts(tx, null, userId);
    // Sessions, sign-in accounts, two-factor secrets, owned households (and all in them), memberships and
    // notifications go with the user row (ON DELETE CASCADE).
    await tx.delete(user).where(eq(user.id, userId));
  });
  logger.info({ userId, households: owned.length }, "account deleted");

  try {
    await sendDeletionMail({ email: person.email, language: isLanguage(person.locale) ? person.locale : "en" });
  } catch (error) {
    logger.error({ err: error }, "account deletion mail failed");
  }
  return { ok: true, email: person.email };
}

/** Counts what is left of a user in the database (used by tests and the e2e check that nothing is kept). */
export async function countUserTraces({ userId, email }: { userId: string; email: string }) {
  const lower = email.toLowerCase();
  const result = await db().execute(sql`
    select
      (select count(*) from "user" where "id" = ${userId} or lower("email") = ${lower})
    + (select count(*) from "session" where "user_id" = ${userId})
    + (select count(*) from "account" where "user_id" = ${userId})
    + (select count(*) from "household" where "owner_user_id" = ${userId})
    + (select count(*) from "household_member" where "user_id" = ${userId})
    + (select count(*) from "notification" where "user_id" = ${userId})
    + (select count(*) from "invitation" where "email" = ${lower} or "invited_by_user_id" = ${userId} or "accepted_by_user_id" = ${userId})
    + (select count(*) from "transaction" where "created_by" = ${userId})
    + (select count(*) from "goal_contribution" where "created_by" = ${userId})
    + (select count(*) from "verification" where "value" = ${userId} or "identifier" = ${lower})
    + (select count(*) from "mail_outbox" where lower("recipient") = ${lower})
    as "total"`);
  const [row] = rowsOf<{ total: string }>(result);
  return Number(row?.total ?? 0);
}
