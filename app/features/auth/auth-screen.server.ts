import { data, redirect } from "react-router";
import { z } from "zod";
import { secureCookies } from "~/config.server";
import { postedIntent, readForm } from "~/features/platform/forms.server";
import { detectLanguage } from "~/i18n/detect.server";
import { resendVerification, signInWithPassword, signUpWithPassword } from "./account.server";
import { fieldErrorsOf } from "~/lib/forms";
import { authMessages, retryAfter, type AuthError, type AuthFieldErrors } from "./auth-errors";
import { forgotPasswordSchema, signInSchema, signUpSchema } from "./auth.schema";
import { flashCookie } from "./flash";
import { defaultSignedInPath, safeRedirect } from "./safe-redirect";

const authIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-in") }),
  z.object({ intent: z.literal("sign-up") }),
  z.object({ intent: z.literal("resend-verification") }),
]);

export type AuthIntent = z.infer<typeof authIntents>["intent"];
type Field = "name" | "email" | "password" | "confirmPassword";

export type AuthScreenResult =
  | { intent: "sign-in"; ok: true; next: string; twoFactor: boolean }
  | { intent: "sign-up"; ok: true; email: string }
  | { intent: "resend-verification"; ok: true; email: string }
  | { intent: AuthIntent; ok: false; error?: AuthError; fieldErrors?: AuthFieldErrors<Field>; email?: string };

export function twoFactorPath(redirectTo: string): string {
  return redirectTo === defaultSignedInPath
    ? "/auth/two-factor"
    : `/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/**
 * The auth screen's form post. Works with and without JavaScript: the page's script adds `js=1` and gets a JSON
 * answer (it shows toasts and navigates itself); a plain form post is redirected with the session cookie set.
 */
export async function authScreenAction(request: Request) {
  const read = await readForm(request);
  if (!read.ok) {
    return data<AuthScreenResult>(
      { intent: "sign-in", ok: false, error: { code: read.code } },
      { status: read.status },
    );
  }
  const form = read.form;
  const withScript = form.get("js") === "1";
  const redirectTo = safeRedirect(form.get("redirectTo"), defaultSignedInPath);
  const values = read.values;
  // A post without a known intent is a sign-in.
  const intent = postedIntent(values, authIntents)?.intent ?? "sign-in";

  switch (intent) {
    case "sign-up": {
      const parsed = signUpSchema.safeParse(values);
      if (!parsed.success)
        return data<AuthScreenResult>(
          { intent, ok: false, fieldErrors: fieldErrorsOf(parsed.error, { messages: authMessages }) },
          { status: 400 },
        );
      const result = await signUpWithPassword({
        request,
        ...parsed.data,
        language: detectLanguage(request),
        redirectTo,
      });
      if (!result.ok)
        return data<AuthScreenResult>(
          { intent, ok: false, error: result.error },
          { status: result.status, headers: retryAfter(result.error) },
        );
      return data<AuthScreenResult>({ intent, ok: true, email: parsed.data.email }, { headers: result.headers });
    }

    case "resend-verification": {
      const parsed = forgotPasswordSchema.safeParse(values);
      if (!parsed.success)
        return data<AuthScreenResult>(
          { intent, ok: false, fieldErrors: fieldErrorsOf(parsed.error, { messages: authMessages }) },
          { status: 400 },
        );
      const result = await resendVerification({ request, email: parsed.data.email, redirectTo });
      if (!result.ok) {
        return data<AuthScreenResult>(
          { intent, ok: false, error: result.error, email: parsed.data.email },
          { status: result.status, headers: retryAfter(result.error) },
        );
      }
      return data<AuthScreenResult>({ intent, ok: true, email: parsed.data.email });
    }

    case "sign-in": {
      const parsed = signInSchema.safeParse(values);
      if (!parsed.success)
        return data<AuthScreenResult>(
          { intent, ok: false, fieldErrors: fieldErrorsOf(parsed.error, { messages: authMessages }) },
          { status: 400 },
        );
      const result = await signInWithPassword({ request, ...parsed.data, redirectTo });
      if (!result.ok) {
        const headers = new Headers(retryAfter(result.error));
        for (const cookie of result.headers?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
        return data<AuthScreenResult>(
          { intent, ok: false, error: result.error, email: parsed.data.email },
          { status: result.status, headers },
        );
      }
      const next = result.twoFactor ? twoFactorPath(redirectTo) : redirectTo;
      // The welcome shows on the page the person lands on, with or without scripts: a toast raised by the auth page
      // itself was lost whenever its revalidation's redirect unmounted it first.
      if (!result.twoFactor) result.headers.append("Set-Cookie", flashCookie("signed-in", secureCookies()));
      if (withScript)
        return data<AuthScreenResult>(
          { intent, ok: true, next, twoFactor: result.twoFactor },
          { headers: result.headers },
        );
      throw redirect(next, { headers: result.headers });
    }
  }
}
