import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings-currency";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { PageHeader } from "~/components/ui/page-header";
import { toBcp47 } from "~/domain/languages";
import { isCurrency } from "~/domain/money";
import { formatRate } from "~/domain/rates";
import { changeBaseCurrency, previewBaseCurrencyChange } from "~/features/base-currency/base-currency.server";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { forAction, forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useAccountName } from "~/features/money-accounts/components/account-kind";
import { requireForm } from "~/features/platform/forms.server";
import { useTranslation } from "~/i18n/react";

export const handle = { i18n: ["app", "money"] };

/**
 * Changing the household's base currency: what converts and how, before anything does (decision 0026). Reached from
 * Settings with `?to=`; a plain form confirms it, with or without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const to = new URL(request.url).searchParams.get("to");
  if (!isCurrency(to)) throw redirect("/app/settings", 303);
  const preview = await forLoader(() =>
    previewBaseCurrencyChange({ userId: context.user.id, householdId: context.householdId, to }),
  );
  if (preview.from === to) throw redirect("/app/settings", 303);
  return { preview };
}

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  return forAction(async () => {
    const result = await changeBaseCurrency({
      userId: context.user.id,
      householdId: values.householdId || context.householdId,
      to: values.to ?? "",
    });
    if (!result.ok) return data(result, { status: 400 });
    throw redirect("/app/settings?converted=1", 303);
  });
}

export const ErrorBoundary = AppErrorBoundary;

export default function ChangeBaseCurrency({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const accountName = useAccountName();
  const navigation = useNavigation();
  const { preview } = loaderData;
  const { from, to, rate } = preview;
  const inFrom = (minor: number) => format.money(minor, from);
  const inTo = (minor: number) => format.money(minor, to);
  const refusal = actionData && !actionData.ok ? actionData.fieldErrors.form : undefined;
  const total = preview.entries.reduce((sum, item) => sum + item.count, 0);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <title>{`${t("baseCurrency.title", { currency: to })} · Samen`}</title>
      <div>
        <Link to="/app/settings" className="text-sm font-medium text-primary hover:underline">
          {t("actions.back")}
        </Link>
      </div>
      <PageHeader
        title={t("baseCurrency.title", { currency: to })}
        subtitle={t("baseCurrency.subtitle", { from: t(`currencies.${from}`), to: t(`currencies.${to}`) })}
      />
      <Card className="flex flex-col gap-4 p-5 sm:p-6" data-testid="base-currency-preview">
        {rate ? (
          <p className="font-medium">
            {t("baseCurrency.rate", {
              from,
              to,
              rate: formatRate(rate.rate, toBcp47(format.language)),
              date: rate.rateOn ? format.date(rate.rateOn) : "",
            })}
          </p>
        ) : (
          <p className="font-medium text-destructive" role="alert">
            {t("baseCurrency.noRate", { from, to })}
          </p>
        )}
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
          <li>
            {t("baseCurrency.entries", { count: total })}
            {preview.entries.length > 1 &&
              ` (${preview.entries.map((item) => `${item.count} ${item.currency}`).join(", ")})`}
          </li>
          {total > 0 && preview.month && (
            <li>
              {t("baseCurrency.month", {
                month: format.month(preview.month.month),
                before: inFrom(preview.month.beforeMinor),
                after: inTo(preview.month.afterMinor),
              })}
              {/* Entries the new base has no rate for yet are not in the figure after: say so, never show a low sum. */}
              {preview.month.withoutRate > 0 && ` ${t("dashboard.withoutRate", { count: preview.month.withoutRate })}`}
            </li>
          )}
          {preview.budgets.length > 0 && (
            <li>
              {t("baseCurrency.budgets", { count: preview.budgets.length })}
              <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground">
                {preview.budgets.slice(0, 4).map((item) => (
                  <li key={item.categoryId}>
                    {categories.label(categories.byId(item.categoryId))}: {inFrom(item.beforeMinor)} →{" "}
                    {inTo(item.afterMinor)}
                  </li>
                ))}
              </ul>
            </li>
          )}
          {preview.goals.length > 0 && (
            <li>
              {t("baseCurrency.goals", { count: preview.goals.length })}
              <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground">
                {preview.goals.slice(0, 4).map((item) => (
                  <li key={item.name}>
                    {item.name}: {inFrom(item.beforeMinor)} → {inTo(item.afterMinor)}
                  </li>
                ))}
              </ul>
            </li>
          )}
          {preview.alert && (
            <li>
              {t("baseCurrency.alert", {
                before: inFrom(preview.alert.beforeMinor),
                after: inTo(preview.alert.afterMinor),
              })}
            </li>
          )}
          {preview.accountsKept.map((account) => (
            <li key={account.id}>
              {t("baseCurrency.accountKept", { account: accountName(account), currency: account.currency })}
            </li>
          ))}
          <li>{t("baseCurrency.settled")}</li>
        </ul>
        <FormError message={refusal} />
        <Form method="post" className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center">
          <input type="hidden" name="to" value={to} />
          <Button type="submit" disabled={!rate || navigation.state !== "idle"}>
            {t("baseCurrency.confirm", { currency: to })}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/app/settings">{t("baseCurrency.keep", { currency: from })}</Link>
          </Button>
        </Form>
      </Card>
    </div>
  );
}
