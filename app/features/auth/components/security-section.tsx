import CheckIcon from "lucide-react/icons/check";
import CopyIcon from "lucide-react/icons/copy";
import Loader2Icon from "lucide-react/icons/loader-circle";
import LogOutIcon from "lucide-react/icons/log-out";
import ShieldCheckIcon from "lucide-react/icons/shield-check";
import ShieldOffIcon from "lucide-react/icons/shield-off";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { showToast } from "~/components/ui/toast";
import type { SecurityResult } from "../two-factor.server";
import { AuthAlert } from "./auth-alert";
import { AuthField } from "./auth-field";
import { fieldOf } from "~/lib/field-of";

/** Where the section's forms post; the route answers with `securityAction`. */
export const securityActionPath = "/app/settings/security";

interface SecuritySectionProps {
  /** From the signed-in user (useOptionalUser() or the page's loader). */
  twoFactorEnabled: boolean;
}

function isSecurityResult(value: unknown): value is SecurityResult {
  const intent = String(fieldOf(value, "intent"));
  return intent.startsWith("two-factor-") || intent === "sign-out-everywhere";
}

/**
 * The account settings' Security section: two-factor sign-in with an authenticator app (TOTP), and "Sign out
 * everywhere".
 * Turning it on: password → QR code and manual key → ten backup codes → a first code confirms.
 * Turning it off: a current code (or a backup code) and the password.
 */
export function SecuritySection({ twoFactorEnabled }: SecuritySectionProps) {
  const { t } = useTranslation("auth");
  // The forms are replaced when the state flips, so the section announces the change.
  const previous = useRef(twoFactorEnabled);
  useEffect(() => {
    if (previous.current === twoFactorEnabled) return;
    previous.current = twoFactorEnabled;
    showToast(
      twoFactorEnabled
        ? { title: t("security.enabledTitle"), description: t("security.enabledBody") }
        : { title: t("security.disabledTitle"), description: t("security.disabledBody") },
    );
  }, [twoFactorEnabled, t]);
  return (
    <>
      <Card id="security" aria-labelledby="security-heading">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2
              id="security-heading"
              className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight"
            >
              {twoFactorEnabled ? (
                <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
              ) : (
                <ShieldOffIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              )}
              {t("security.twoFactorHeading")}
            </h2>
            <Badge variant={twoFactorEnabled ? "default" : "secondary"}>
              {twoFactorEnabled ? t("security.statusOn") : t("security.statusOff")}
            </Badge>
          </div>
          <CardDescription>{t("security.twoFactorIntro")}</CardDescription>
        </CardHeader>
        <CardContent>{twoFactorEnabled ? <TurnOff /> : <TurnOn />}</CardContent>
      </Card>
      <SignOutEverywhere />
    </>
  );
}

/**
 * Ends every session of the account, this browser's too (account.server.ts, `signOutEverywhere`), and lands on
 * sign-in with a toast. A plain form: it works without JavaScript.
 */
function SignOutEverywhere() {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const answer = useSecurityAnswer("sign-out-everywhere", undefined);
  const failed = answer && !answer.ok ? answer : undefined;
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-out-everywhere";
  return (
    <Card id="sign-out-everywhere" aria-labelledby="sign-out-everywhere-heading">
      <CardHeader>
        <h2
          id="sign-out-everywhere-heading"
          className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight"
        >
          <LogOutIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          {t("security.signOutEverywhereHeading")}
        </h2>
        <CardDescription>{t("security.signOutEverywhereBody")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failed?.error && <AuthAlert title={t("toasts.errorTitle")}>{t(`errors.${failed.error.code}`)}</AuthAlert>}
        <Form method="post" action={securityActionPath}>
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="outline" disabled={pending}>
            {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <LogOutIcon aria-hidden="true" />}
            {pending ? t("security.signingOutEverywhere") : t("security.signOutEverywhere")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function useSecurityAnswer(intent: SecurityResult["intent"], fetcherData: SecurityResult | undefined) {
  const actionData = useActionData();
  if (fetcherData) return fetcherData;
  return isSecurityResult(actionData) && actionData.intent === intent ? actionData : undefined;
}

function TurnOn() {
  const { t } = useTranslation("auth");
  const start = useFetcher<SecurityResult>();
  const confirm = useFetcher<SecurityResult>();
  const started = useSecurityAnswer("two-factor-enable", start.data);
  const confirmed = useSecurityAnswer("two-factor-confirm", confirm.data);
  const [cancelled, setCancelled] = useState<unknown>(null);

  const setup = started?.ok && started.intent === "two-factor-enable" && cancelled !== started ? started : undefined;
  if (!setup) {
    const failed = started && !started.ok ? started : undefined;
    return (
      <start.Form method="post" action={securityActionPath} className="grid max-w-md gap-4">
        <input type="hidden" name="intent" value="two-factor-enable" />
        {failed?.error && <AuthAlert title={t("toasts.errorTitle")}>{t(`errors.${failed.error.code}`)}</AuthAlert>}
        <p className="text-sm text-muted-foreground">{t("security.enableIntro")}</p>
        <AuthField
          name="password"
          type="password"
          idPrefix="two-factor-enable"
          label={t("security.passwordLabel")}
          autoComplete="current-password"
          required
          revealable
          error={failed?.fieldErrors?.password}
        />
        <Button type="submit" disabled={start.state !== "idle"} className="justify-self-start">
          {start.state !== "idle" && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {start.state !== "idle" ? t("security.starting") : t("security.start")}
        </Button>
      </start.Form>
    );
  }

  const confirmFailed = confirmed && !confirmed.ok ? confirmed : undefined;
  return (
    <div className="grid gap-8">
      <section className="grid gap-3" aria-labelledby="two-factor-scan">
        <h3 id="two-factor-scan" className="font-semibold">
          {t("security.scanHeading")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("security.scanBody")}</p>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <img
            src={setup.qrCode}
            alt={t("security.qrAlt")}
            width={176}
            height={176}
            className="size-44 rounded-lg border bg-white p-2"
          />
          <div className="grid gap-1">
            <p className="text-sm font-medium">{t("security.manualKey")}</p>
            <code
              className="select-all break-all rounded-md bg-muted px-3 py-2 font-mono text-sm"
              data-testid="two-factor-manual-key"
            >
              {setup.manualKey}
            </code>
          </div>
        </div>
      </section>
      <section className="grid gap-3" aria-labelledby="two-factor-backup">
        <h3 id="two-factor-backup" className="font-semibold">
          {t("security.backupHeading")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("security.backupBody")}</p>
        <ul
          className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/50 p-4 font-mono text-sm sm:grid-cols-3"
          data-testid="two-factor-backup-codes"
        >
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <CopyButton text={setup.backupCodes.join("\n")} />
      </section>
      <section className="grid gap-3" aria-labelledby="two-factor-confirm">
        <h3 id="two-factor-confirm" className="font-semibold">
          {t("security.confirmHeading")}
        </h3>
        <confirm.Form method="post" action={securityActionPath} className="grid max-w-xs gap-4">
          <input type="hidden" name="intent" value="two-factor-confirm" />
          {confirmFailed?.error && (
            <AuthAlert title={t("toasts.errorTitle")}>{t(`errors.${confirmFailed.error.code}`)}</AuthAlert>
          )}
          <AuthField
            name="code"
            idPrefix="two-factor-confirm"
            label={t("security.codeLabel")}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            className="font-mono tracking-widest"
            error={confirmFailed?.fieldErrors?.code}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.state !== "idle"}>
              {confirm.state !== "idle" && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {confirm.state !== "idle" ? t("security.confirming") : t("security.confirm")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setCancelled(started)}>
              {t("security.cancel")}
            </Button>
          </div>
        </confirm.Form>
      </section>
    </div>
  );
}

function TurnOff() {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<SecurityResult>();
  const answer = useSecurityAnswer("two-factor-disable", fetcher.data);
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <div className="grid gap-4">
      <AuthAlert tone="success" title={t("security.enabledTitle")}>
        {t("security.onBody")}
      </AuthAlert>
      <fetcher.Form method="post" action={securityActionPath} className="grid max-w-md gap-4">
        <input type="hidden" name="intent" value="two-factor-disable" />
        <h3 className="font-semibold">{t("security.disableHeading")}</h3>
        <p className="text-sm text-muted-foreground">{t("security.disableBody")}</p>
        {failed?.error && <AuthAlert title={t("toasts.errorTitle")}>{t(`errors.${failed.error.code}`)}</AuthAlert>}
        <AuthField
          name="code"
          idPrefix="two-factor-disable"
          label={t("security.currentCodeLabel")}
          autoComplete="one-time-code"
          required
          className="font-mono tracking-widest"
          error={failed?.fieldErrors?.code}
        />
        <AuthField
          name="password"
          type="password"
          idPrefix="two-factor-disable"
          label={t("security.passwordLabel")}
          autoComplete="current-password"
          required
          revealable
          error={failed?.fieldErrors?.password}
        />
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} className="justify-self-start">
          {fetcher.state !== "idle" && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {fetcher.state !== "idle" ? t("security.disabling") : t("security.disable")}
        </Button>
      </fetcher.Form>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("auth");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? t("security.copied") : t("security.copyCodes")}
    </Button>
  );
}
