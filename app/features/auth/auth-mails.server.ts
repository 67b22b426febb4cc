import type { TFunction } from "~/i18n/translator";
import { publicUrl } from "~/config.server";
import { sendMail } from "~/features/mail/mailer.server";
import { mailTranslator, renderEmail } from "~/features/mail/render-email.server";
import { isLanguage, type Language } from "~/domain/languages";
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
