import type { Namespace } from "~/i18n/keys";
import type { TFunction } from "~/i18n/translator";
import { defaultLanguage, isLanguage, toBcp47, type Language } from "~/domain/languages";
import { serverTranslator } from "~/i18n/resources.server";
import { publicUrl } from "~/config.server";
import type { MailMessage } from "./mailer.server";

/** The words of one e-mail, already translated; `renderEmail` wraps them in the shared layout. */
export interface EmailContent {
  language: Language;
  subject: string;
  /** The line mail programs show next to the subject. Defaults to the first paragraph. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  /** One button (and the same link written out in the plain-text part). */
  action?: { label: string; url: string };
  /** Small print under the button, e.g. how long the link works. */
  note?: string;
  /** Why the reader receives this mail. */
  reason?: string;
}

/**
 * A translator for e-mails in the reader's language (`mail` holds the shared layout's words).
 * Other areas call it with their own namespace: `const t = await mailTranslator(user.locale, "app")`.
 */
export function mailTranslator<Name extends Namespace>(
  language: string | null | undefined,
  namespace: Name,
): TFunction<Name> {
  const lng = isLanguage(language) ? language : defaultLanguage;
  return serverTranslator(lng).getFixedT(lng, namespace);
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * Turns translated content into a complete message: a small, inline-styled HTML layout that reads well in
 * every mail program (and in dark mode), plus a plain-text part with the same words and the link written out.
 */
export async function renderEmail(
  content: EmailContent,
): Promise<Pick<MailMessage, "subject" | "html" | "text" | "links">> {
  const t = await mailTranslator(content.language, "mail");
  const site = publicUrl();
  const preheader = content.preheader ?? content.paragraphs[0] ?? "";
  const footer = t("footer", { site });
  const signature = t("signature");
  const links = content.action ? [content.action.url] : [];

  const paragraphsHtml = content.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1f2d2a;">${escapeHtml(paragraph)}</p>`,
    )
    .join("\n");
  const actionHtml = content.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:24px 0;"><tr><td style="border-radius:8px;background:#2f6f5e;">
<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(content.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b6b67;">${escapeHtml(t("copyLink"))}<br><a href="${escapeHtml(content.action.url)}" style="color:#2f6f5e;word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const noteHtml = content.note
    ? `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b6b67;">${escapeHtml(content.note)}</p>`
    : "";
  const reasonHtml = content.reason ? `<p style="margin:0 0 8px;">${escapeHtml(content.reason)}</p>` : "";

  const html = `<!doctype html>
<html lang="${toBcp47(content.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light only">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f7f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f4f7f5;"><tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #dfe7e3;">
<tr><td style="padding:32px;">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#2f6f5e;">Samen</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1f2d2a;">${escapeHtml(content.heading)}</h1>
${paragraphsHtml}
${actionHtml}
${noteHtml}
<p style="margin:24px 0 0;font-size:16px;line-height:1.6;color:#1f2d2a;">${escapeHtml(signature)}</p>
</td></tr></table>
<div style="max-width:560px;padding:16px 8px;font-size:12px;line-height:1.5;color:#5b6b67;">
${reasonHtml}<p style="margin:0;">${escapeHtml(footer)}</p>
</div>
</td></tr></table>
</body>
</html>
`;

  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    signature,
    "",
    "--",
    ...(content.reason ? [content.reason] : []),
    footer,
    "",
  ].join("\n");

  return { subject: content.subject, html, text, links };
}
