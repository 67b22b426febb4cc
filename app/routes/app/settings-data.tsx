import DownloadIcon from "lucide-react/icons/download";
import Trash2Icon from "lucide-react/icons/trash";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings-data";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { secureCookies } from "~/config.server";
import { dataExportPath } from "~/features/data-rights/components/data-rights-card";
import { deleteAccount, type DeleteAccountError } from "~/features/data-rights/delete-account.server";
import { flashCookie } from "~/features/auth/flash";
import { clearedHouseholdCookieHeader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { requireForm } from "~/features/platform/forms.server";
import { FieldError, FormError } from "~/components/ui/field-error";
import { clearedSessionCookies, clearedSignedInCookie } from "~/lib/cookies.server";
import { retryAfterHeaders } from "~/lib/retry-after-headers";

export const handle = { i18n: ["app", "premium"] };

/** A 429 keeps its Retry-After on the way to the browser. */
export const headers = retryAfterHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  return { email: context.user.email };
}

type DeleteResult = { ok: false; error: DeleteAccountError | "confirmRequired" };

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { form } = await requireForm(request);
  if (form.get("confirm") !== "yes")
    return data<DeleteResult>({ ok: false, error: "confirmRequired" }, { status: 400 });
  const password = String(form.get("password") ?? "");
  const result = await deleteAccount({ userId: context.user.id, password });
  if (!result.ok) {
    const status =
      result.error === "tooManyAttempts"
        ? 429
        : result.error === "billingFailed"
          ? 502
          : result.error === "passwordRequired"
            ? 400
            : 403;
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<DeleteResult>({ ok: false, error: result.error }, { status, headers });
  }
  const secure = secureCookies();
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(secure)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", clearedSignedInCookie(secure));
  headers.append("Set-Cookie", clearedHouseholdCookieHeader(secure));
  headers.append("Set-Cookie", flashCookie("signed-out", secure));
  throw redirect("/", { headers });
}

export const ErrorBoundary = AppErrorBoundary;

export default function SettingsData({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("premium");
  const navigation = useNavigation();
  const id = useId();
  const error = actionData?.error;
  const passwordError =
    error === "wrongPassword" || error === "passwordRequired" ? `premium:data.errors.${error}` : undefined;
  const formError = error && !passwordError ? `premium:data.errors.${error}` : undefined;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <title>{`${t("data.title")} · Samen`}</title>
      <div>
        <Link to="/app/settings" className="text-sm text-primary underline-offset-4 hover:underline">
          {t("settingsBack")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight md:text-3xl">{t("data.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("data.text")}</p>
      </div>

      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold leading-tight">{t("data.downloadTitle")}</h2>
          <CardDescription>{t("data.downloadText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <a href={dataExportPath} download>
              <DownloadIcon aria-hidden="true" />
              {t("data.download")}
            </a>
          </Button>
        </CardContent>
      </Card>

      <Card id="delete" className="border-destructive/40">
        <CardHeader>
          <h2 className="text-base font-semibold leading-tight text-destructive">{t("data.deleteTitle")}</h2>
          <CardDescription>{t("data.deleteText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="mb-5 flex list-disc flex-col gap-1.5 pl-5 text-sm">
            <li>{t("data.deleteList.sessions")}</li>
            <li>{t("data.deleteList.households")}</li>
            <li>{t("data.deleteList.memberships")}</li>
            <li>{t("data.deleteList.billing")}</li>
          </ul>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <FormError message={formError} />
            <div className="flex max-w-sm flex-col gap-2">
              <Label htmlFor={`${id}-password`}>{t("data.password")}</Label>
              <Input
                id={`${id}-password`}
                type="password"
                name="password"
                autoComplete="current-password"
                required
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${id}-password-error` : `${id}-password-hint`}
              />
              <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
                {t("data.passwordHint", { email: loaderData.email })}
              </p>
              <FieldError id={`${id}-password-error`} message={passwordError} />
            </div>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="confirm"
                value="yes"
                required
                className="mt-0.5 size-4 accent-[var(--color-destructive)]"
              />
              <span>{t("data.confirm")}</span>
            </label>
            <Button type="submit" variant="destructive" className="self-start" disabled={navigation.state !== "idle"}>
              <Trash2Icon aria-hidden="true" />
              {t("data.deleteButton")}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
