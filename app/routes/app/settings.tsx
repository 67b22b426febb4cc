import { useEffect, useId } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { languageNames, languages, type Language } from "~/domain/languages";
import { currencies } from "~/domain/money";
import { firstMonthStartDay, lastMonthStartDay } from "~/domain/pay-periods";
import { SecuritySection } from "~/features/auth/components/security-section";
import { forAction, forLoader, requireAppContext } from "~/features/household/app-context.server";
import { requireHouseholdAccess, updateHousehold } from "~/features/household/households.server";
import { updateProfile } from "~/features/entries/profile.server";
import { householdFields, profileFields } from "~/features/entries/settings.schema";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { secureCookies } from "~/config.server";
import { cookieLine, cookies } from "~/lib/cookies";
import { appMessages } from "~/lib/form-fields";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { FieldError, FormError } from "~/components/ui/field-error";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { householdName } from "~/features/household/household-name";
import { useChangeLanguage } from "~/i18n/use-change-language";
import { DataRightsCard } from "~/features/data-rights/components/data-rights-card";
import { CustomCategoriesSection } from "~/features/custom-categories/components/custom-categories-section";
import { listCustomCategories } from "~/features/custom-categories/custom-categories.server";
import { PartnersSection } from "~/features/sharing/components/partners-section";
import { getSharingOverview } from "~/features/sharing/invitations.server";

export const handle = { i18n: ["app", "auth", "payees"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const access = await forLoader(() =>
    requireHouseholdAccess({ userId: context.user.id, householdId: context.householdId }),
  );
  return {
    name: context.user.name,
    locale: context.user.locale ?? context.language,
    twoFactorEnabled: context.user.twoFactorEnabled,
    // The household itself (name, currency) is the owner's, also when a partner edits its money.
    household: {
      name: access.household.name,
      currency: access.household.currency,
      monthStartDay: access.household.monthStartDay,
      canWrite: access.role === "owner",
      role: access.role,
      ownerName: access.household.ownerName,
    },
    language: context.language,
    premium: await forLoader(() => loadPremiumSections({ userId: context.user.id, householdId: context.householdId })),
  };
}

/** The premium sections of this page (partner sharing, own categories): each feature's use case, composed here. */
async function loadPremiumSections({ userId, householdId }: { userId: string; householdId: string }) {
  const [sharing, listed] = await Promise.all([
    getSharingOverview({ userId, householdId }),
    listCustomCategories({ userId, householdId }),
  ]);
  return {
    sharing,
    categories: {
      categories: listed.categories,
      canEdit: listed.canEdit,
      premium: listed.premium,
      role: listed.access.role,
    },
  };
}

type SettingsResult =
  | { ok: true; intent: "profile"; locale: Language }
  | { ok: true; intent: "household" }
  | { ok: false; intent: "profile" | "household" | "unknown"; fieldErrors: FieldErrors };

const settingsIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("profile") }),
  z.object({ intent: z.literal("household") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const posted = postedIntent(values, settingsIntents);
  if (!posted)
    return data<SettingsResult>(
      { ok: false, intent: "unknown", fieldErrors: { form: "errors.form.invalid" } },
      { status: 400 },
    );
  switch (posted.intent) {
    case "profile": {
      const parsed = profileFields.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>(
          { ok: false, intent: "profile", fieldErrors: fieldErrorsOf(parsed.error, { messages: appMessages }) },
          { status: 400 },
        );
      await updateProfile({ userId: context.user.id, ...parsed.data });
      // The language cookie outranks the saved preference when pages pick a language, so it follows the choice.
      return data<SettingsResult>(
        { ok: true, intent: "profile", locale: parsed.data.locale },
        { headers: { "Set-Cookie": cookieLine(cookies.language, parsed.data.locale, secureCookies()) } },
      );
    }
    case "household": {
      const parsed = householdFields.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>(
          { ok: false, intent: "household", fieldErrors: fieldErrorsOf(parsed.error, { messages: appMessages }) },
          { status: 400 },
        );
      return forAction(async () => {
        const householdId = values.householdId || context.householdId;
        const { currency, ...rest } = parsed.data;
        await updateHousehold({ userId: context.user.id, householdId, ...rest });
        // Another base currency converts, so it asks first: the preview, then the owner's confirmation.
        const access = await requireHouseholdAccess({ userId: context.user.id, householdId });
        if (currency !== access.household.currency)
          throw redirect(`/app/settings/currency?to=${encodeURIComponent(currency)}`, 303);
        return data<SettingsResult>({ ok: true, intent: "household" });
      });
    }
  }
}

export const ErrorBoundary = AppErrorBoundary;

/** The days a household's month may start on: 1 (the calendar month) to 28, which every month has. */
const monthStartDays = Array.from(
  { length: lastMonthStartDay - firstMonthStartDay + 1 },
  (_, index) => firstMonthStartDay + index,
);

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const navigation = useNavigation();
  const changeLanguage = useChangeLanguage();
  const id = useId();
  // Back from the conversion (settings-currency.tsx): say it is done.
  const [searchParams] = useSearchParams();
  const converted = searchParams.get("converted") === "1";
  // A refusal by forAction (a partner's write) carries no intent and belongs to neither form.
  const result = actionData && "intent" in actionData ? actionData : undefined;
  const errors = (intent: string) =>
    result && !result.ok && result.intent === intent ? result.fieldErrors : undefined;
  const saved = (intent: string) => result?.ok && result.intent === intent && navigation.state === "idle";
  const submitting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  useEffect(() => {
    if (result?.ok && result.intent === "profile" && result.locale) void changeLanguage(result.locale);
  }, [result, changeLanguage]);

  const profileErrors = errors("profile");
  const householdErrors = errors("household");
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <title>{`${t("nav.settings")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("settings.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("settings.subtitle")}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            {t("settings.profileTitle")}
          </CardTitle>
          <CardDescription>{t("settings.profileText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-name`}>{t("settings.name")}</Label>
                <Input
                  id={`${id}-name`}
                  name="name"
                  defaultValue={loaderData.name}
                  autoComplete="name"
                  maxLength={80}
                  aria-invalid={profileErrors?.name ? true : undefined}
                />
                <FieldError message={profileErrors?.name} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-locale`}>{t("settings.language")}</Label>
                <select
                  id={`${id}-locale`}
                  name="locale"
                  defaultValue={loaderData.locale}
                  className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs"
                >
                  {languages.map((language) => (
                    <option key={language} value={language} lang={language === "ua" ? "uk" : language}>
                      {languageNames[language]}
                    </option>
                  ))}
                </select>
                <p className="text-xs text-muted-foreground">{t("settings.languageHint")}</p>
                <FieldError message={profileErrors?.locale} />
              </div>
            </div>
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={submitting("profile")}>
                {t("settings.save")}
              </Button>
              {saved("profile") && (
                <p className="text-sm text-emerald-700" role="status">
                  {t("settings.saved")}
                </p>
              )}
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            {t("settings.householdTitle")}
          </CardTitle>
          <CardDescription>
            {loaderData.household.canWrite ? t("settings.householdText") : t("settings.householdReadOnly")}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="household" />
            <input type="hidden" name="householdId" value={shell.household.id} />
            <FormError message={householdErrors?.form} />
            <fieldset disabled={!loaderData.household.canWrite} className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-household`}>{t("settings.householdName")}</Label>
                <Input
                  id={`${id}-household`}
                  name="name"
                  defaultValue={householdName(loaderData.household, t)}
                  maxLength={60}
                  aria-invalid={householdErrors?.name ? true : undefined}
                />
                <FieldError message={householdErrors?.name} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-currency`}>{t("settings.currency")}</Label>
                <select
                  id={`${id}-currency`}
                  name="currency"
                  defaultValue={loaderData.household.currency}
                  className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs disabled:opacity-60"
                >
                  {currencies.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency} · {t(`currencies.${currency}`)}
                    </option>
                  ))}
                </select>
                <p className="text-xs text-muted-foreground">{t("settings.currencyHint")}</p>
                {converted && (
                  <p role="status" className="text-sm font-medium text-emerald-700" data-testid="currency-converted">
                    {t("settings.converted", { currency: loaderData.household.currency })}
                  </p>
                )}
                <FieldError message={householdErrors?.currency} />
              </div>
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor={`${id}-month-start`}>{t("settings.monthStartDay")}</Label>
                <select
                  id={`${id}-month-start`}
                  name="monthStartDay"
                  defaultValue={String(loaderData.household.monthStartDay)}
                  aria-describedby={`${id}-month-start-hint`}
                  aria-invalid={householdErrors?.monthStartDay ? true : undefined}
                  className="h-10 w-24 rounded-md border border-input bg-card px-3 text-sm shadow-xs disabled:opacity-60"
                >
                  {monthStartDays.map((day) => (
                    <option key={day} value={day}>
                      {day}
                    </option>
                  ))}
                </select>
                <p id={`${id}-month-start-hint`} className="text-xs text-muted-foreground">
                  {t("settings.monthStartDayHint")}
                </p>
                <FieldError message={householdErrors?.monthStartDay} />
              </div>
            </fieldset>
            {loaderData.household.canWrite && (
              <div className="flex items-center gap-3">
                <Button type="submit" disabled={submitting("household")}>
                  {t("settings.save")}
                </Button>
                {saved("household") && (
                  <p className="text-sm text-emerald-700" role="status">
                    {t("settings.saved")}
                  </p>
                )}
              </div>
            )}
          </Form>
        </CardContent>
      </Card>

      <PartnersSection sharing={loaderData.premium.sharing} defaultLanguage={loaderData.language} />
      <CustomCategoriesSection data={loaderData.premium.categories} />
      <PayeesCard />
      <InstallCard />
      {/* Data export and account deletion are every plan's right; the card sits with the other sections. */}
      <DataRightsCard />

      <SecuritySection twoFactorEnabled={loaderData.twoFactorEnabled} />
    </div>
  );
}

/**
 * "Install Samen": how to put it on a phone's home screen, where it opens on its own like an app. Plain text, the same
 * for every browser: the browser's own menu does the installing.
 */
function InstallCard() {
  const { t } = useTranslation("app");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {t("settings.install.title")}
        </CardTitle>
        <CardDescription>{t("settings.install.text")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground" data-testid="install-steps">
          <li>{t("settings.install.android")}</li>
          <li>{t("settings.install.iphone")}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

/** The Payees screen's entry, beside the categories: rename, default category and merge live there. */
function PayeesCard() {
  const { t } = useTranslation("payees");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {t("settingsTitle")}
        </CardTitle>
        <CardDescription>{t("settingsText")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/app/payees" prefetch="intent">
            {t("settingsLink")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
