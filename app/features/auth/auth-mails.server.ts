import type { TFunction } from "~/i18n/translator";
import { publicUrl } from "~/config.server";
import { sendMail } from "~/features/mail/mailer.server";
import { mailTranslator, renderEmail } from "~/features/mail/render-email.server";
import { isLanguage, toBcp47, type Language } from "~/domain/languages";
import { defaultSignedInPath, safeRedirect } from "./safe-redirect";

interface MailUser {
  email: string;
  locale?: unknown;
}

function languageOf(user: MailUser): Language {
  return isLanguage(user.locale) ? user.locale : "en";
}

/**
 * Security mails greet without a name: the name is whatever was typed at sign-up, possibly by someone else using
 * this address ("Security team: restore your account at …"), and must never reach the inbox as our words.
 */
function greeting(t: TFunction<"auth">): string {
  return t("mail.greeting");
}

/** The link in the verification mail: our landing page, which signs the user in and continues to `redirectTo`. */
export function verificationLink(token: string, redirectTo?: string | null): string {
  const url = new URL("/auth/verify", publicUrl());
  url.searchParams.set("token", token);
  const target = safeRedirect(redirectTo, defaultSignedInPath);
  if (target !== defaultSignedInPath) url.searchParams.set("redirectTo", target);
  return url.toString();
}

export function passwordResetLink(token: string): string {
  const url = new URL("/reset-password", publicUrl());
  url.searchParams.set("token", token);
  return url.toString();
}

export async function sendVerificationMail({ user, link }: { user: MailUser; link: string }): Promise<void> {
  const language = languageOf(user);
  const t = await mailTranslator(language, "auth");
  const content = await renderEmail({
    language,
    subject: t("mail.verify.subject"),
    heading: t("mail.verify.heading"),
    paragraphs: [greeting(t), t("mail.verify.body")],
    action: { label: t("mail.verify.action"), url: link },
    note: t("mail.verify.note"),
    reason: t("mail.verify.reason", { email: user.email }),
  });
  await sendMail({ to: user.email, kind: "verify-email", ...content });
}

export async function sendPasswordResetMail({ user, link }: { user: MailUser; link: string }): Promise<void> {
  const language = languageOf(user);
  const t = await mailTranslator(language, "auth");
  const content = await renderEmail({
    language,
    subject: t("mail.reset.subject"),
    heading: t("mail.reset.heading"),
    paragraphs: [greeting(t), t("mail.reset.body")],
    action: { label: t("mail.reset.action"), url: link },
    note: t("mail.reset.note"),
    reason: t("mail.reset.reason", { email: user.email }),
  });
  await sendMail({ to: user.email, kind: "reset-password", ...content });
}

/** Someone tried to create an account with an address that already has one: tell its owner, tell the visitor nothing. */
export async function sendExistingAccountMail({ user }: { user: MailUser }): Promise<void> {
  const language = languageOf(user);
  const t = await mailTranslator(language, "auth");
  const content = await renderEmail({
    language,
    subject: t("mail.existing.subject"),
    heading: t("mail.existing.heading"),
    paragraphs: [greeting(t), t("mail.existing.body")],
    action: { label: t("mail.existing.action"), url: new URL("/auth", publicUrl()).toString() },
    note: t("mail.existing.note", { link: new URL("/forgot-password", publicUrl()).toString() }),
    reason: t("mail.existing.reason", { email: user.email }),
  });
  await sendMail({ to: user.email, kind: "existing-account", ...content });
}

/** Where a mail about a change to the account sends the person who did not make it. */
function securityLinks(): { reset: string; security: string } {
  return {
    reset: new URL("/forgot-password", publicUrl()).toString(),
    security: new URL("/app/settings/security", publicUrl()).toString(),
  };
}

/** "If this wasn't you": choose a new password, then sign out everywhere; the button opens the first step. */
function howToReact(t: TFunction<"auth">) {
  const links = securityLinks();
  return {
    advice: t("mail.notices.advice", { resetLink: links.reset, securityLink: links.security }),
    action: { label: t("mail.notices.action"), url: links.reset },
  };
}

/** The password was changed (in the settings, over the API, or with a reset link): tell the owner of the address. */
export async function sendPasswordChangedMail({ user }: { user: MailUser }): Promise<void> {
  const language = languageOf(user);
  const t = await mailTranslator(language, "auth");
  const react = howToReact(t);
  const content = await renderEmail({
    language,
    subject: t("mail.passwordChanged.subject"),
    heading: t("mail.passwordChanged.heading"),
    paragraphs: [greeting(t), t("mail.passwordChanged.body"), react.advice],
    action: react.action,
    reason: t("mail.passwordChanged.reason", { email: user.email }),
  });
  await sendMail({ to: user.email, kind: "password-changed", ...content });
}

/**
 * The account's address changed: the new address learns it receives the account's mail from now on, and the old one
 * learns where the account went. Whoever changed it without the owner now controls the new address, so a reset link
 * would go there: the old address is told to reply to this mail instead.
 */
export async function sendEmailChangedMails({
  user,
  oldEmail,
}: {
  user: MailUser;
  oldEmail: string | null;
}): Promise<void> {
  const language = languageOf(user);
  const t = await mailTranslator(language, "auth");
  const react = howToReact(t);
  const addresses = { oldEmail: oldEmail ?? "", newEmail: user.email };
  const toNew = await renderEmail({
    language,
    subject: t("mail.emailChanged.subject"),
    heading: t("mail.emailChanged.heading"),
    paragraphs: [
      greeting(t),
      t(oldEmail ? "mail.emailChanged.bodyNew" : "mail.emailChanged.bodyNewOnly", addresses),
      react.advice,
    ],
    action: react.action,
    reason: t("mail.emailChanged.reasonNew", { email: user.email }),
  });
  await sendMail({ to: user.email, kind: "email-changed", ...toNew });
  if (!oldEmail || oldEmail.toLowerCase() === user.email.toLowerCase()) return;
  const toOld = await renderEmail({
    language,
    subject: t("mail.emailChanged.subject"),
    heading: t("mail.emailChanged.heading"),
    paragraphs: [greeting(t), t("mail.emailChanged.bodyOld", addresses), t("mail.emailChanged.adviceOld")],
    reason: t("mail.emailChanged.reasonOld", { email: oldEmail }),
  });
  await sendMail({ to: oldEmail, kind: "email-changed-old-address", ...toOld });
}

/** A sign-in from a device this account has not used before (known-devices.server.ts): what, from where, when. */
export async function sendNewDeviceMail({
  user,
  device,
  ipAddress,
  at,
}: {
  user: MailUser;
  device: { browser: string | null; system: string | null };
  ipAddress: string | null;
  at: Date;
}): Promise<void> {
  const language = languageOf(user);
  const t = await mailTranslator(language, "auth");
  const react = howToReact(t);
  const named = [device.browser, device.system].filter((part): part is string => Boolean(part)).join(", ");
  const time = new Intl.DateTimeFormat(toBcp47(language), {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(at);
  const details = {
    device: named || t("mail.newDevice.unknownDevice"),
    ip: ipAddress || t("mail.newDevice.unknownAddress"),
    time,
  };
  const content = await renderEmail({
    language,
    subject: t("mail.newDevice.subject"),
    heading: t("mail.newDevice.heading"),
    paragraphs: [
      greeting(t),
      t("mail.newDevice.body"),
      t("mail.newDevice.details", details),
      t("mail.newDevice.ifYou"),
      react.advice,
    ],
    action: react.action,
    reason: t("mail.newDevice.reason", { email: user.email }),
  });
  await sendMail({ to: user.email, kind: "new-device-sign-in", ...content });
}
