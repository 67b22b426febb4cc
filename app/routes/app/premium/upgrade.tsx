import CircleCheckIcon from "lucide-react/icons/circle-check";
import CrownIcon from "lucide-react/icons/crown";
import FlaskConicalIcon from "lucide-react/icons/flask-conical";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/upgrade";
import { Button } from "~/components/ui/button";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { forAction, forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { FormError } from "~/components/ui/field-error";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { PlanComparison } from "~/features/billing/components/plan-comparison";
import { SubscriptionStatus, useBillingDate } from "~/features/billing/components/subscription-status";
import {
  cancelPremium,
  endTestPeriod,
  getBillingOverview,
  resumePremium,
  upgradeToPremium,
  type BillingFailure,
} from "~/features/billing/subscription.server";

export const handle = { i18n: ["app", "premium"] };

const gatedFeatures = ["customCategories", "partners", "exports", "reports", "goals", "fairShare"] as const;
const isGatedFeature = (value: string | null): value is (typeof gatedFeatures)[number] =>
  gatedFeatures.some((feature) => feature === value);
/** What Stripe's checkout reports back in `?checkout=`; each has its message at `upgrade.messages.checkout_<outcome>`. */
const isCheckoutOutcome = (value: string | null): value is "success" | "cancelled" =>
  value === "success" || value === "cancelled";

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const overview = await forLoader(() =>
    getBillingOverview({ userId: context.user.id, householdId: context.householdId }),
  );
  const params = new URL(request.url).searchParams;
  const checkout = params.get("checkout");
  const feature = params.get("feature");
  return {
    overview,
    checkout: isCheckoutOutcome(checkout) ? checkout : null,
    feature: isGatedFeature(feature) ? feature : null,
  };
}

type UpgradeResult =
  | { ok: true; message: "upgraded" | "cancelled" | "resumed" | "ended" }
  | { ok: false; error: BillingFailure | "invalid" };

const upgradeIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upgrade") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("endTest") }),
]);

/** The plan changes after the upgrade itself, each with its use case and the message it ends with. */
const planChanges = {
  cancel: { run: cancelPremium, message: "cancelled" },
  resume: { run: resumePremium, message: "resumed" },
  endTest: { run: endTestPeriod, message: "ended" },
} as const;

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const posted = postedIntent(values, upgradeIntents);
  // The household the page showed (a switch in another tab must not change which plan this form changes).
  const base = { userId: context.user.id, householdId: values.householdId || context.householdId };
  return forAction(async () => {
    if (!posted) return data<UpgradeResult>({ ok: false, error: "invalid" }, { status: 400 });
    switch (posted.intent) {
      case "upgrade": {
        const result = await upgradeToPremium({ ...base, email: context.user.email, language: context.language });
        if (!result.ok)
          return data<UpgradeResult>(
            { ok: false, error: result.error },
            { status: result.error === "providerFailed" ? 502 : 409 },
          );
        if (result.redirectTo) throw redirect(result.redirectTo, 303);
        return data<UpgradeResult>({ ok: true, message: "upgraded" });
      }
      case "cancel":
      case "resume":
      case "endTest": {
        const change = planChanges[posted.intent];
        const result = await change.run(base);
        if (!result.ok)
          return data<UpgradeResult>(
            { ok: false, error: result.error },
            { status: result.error === "providerFailed" ? 502 : 409 },
          );
        return data<UpgradeResult>({ ok: true, message: change.message });
      }
    }
  });
}

export const ErrorBoundary = AppErrorBoundary;

export default function Upgrade({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("premium");
  const navigation = useNavigation();
  const date = useBillingDate();
  const shell = useAppShell();
  const { overview, checkout, feature } = loaderData;
  if (overview.mode === "unconfigured") return <EveryFeatureIncluded />;
  const result = actionData;
  const refused =
    result && !result.ok
      ? "error" in result
        ? `upgrade.errors.${result.error}`
        : "upgrade.errors.readOnly"
      : undefined;
  const message = result?.ok
    ? t(`upgrade.messages.${result.message}`, { date: date(overview.periodEnd) })
    : checkout
      ? t(`upgrade.messages.checkout_${checkout}`)
      : null;
  const upgrading = navigation.state !== "idle" && navigation.formData?.get("intent") === "upgrade";

  const premiumAction =
    overview.plan === "free" && overview.canManage ? (
      <>
        <Form method="post">
          <input type="hidden" name="intent" value="upgrade" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <Button
            type="submit"
            size="lg"
            className="h-auto min-h-11 w-full whitespace-normal py-2 text-center"
            disabled={upgrading}
            aria-describedby="premium-terms"
          >
            <CrownIcon aria-hidden="true" />
            {upgrading
              ? t("upgrade.actions.upgrading")
              : overview.mode === "test"
                ? t("upgrade.actions.upgradeTest")
                : t("upgrade.actions.upgrade")}
          </Button>
        </Form>
        <p id="premium-terms" className="text-xs leading-relaxed text-muted-foreground">
          {t("upgrade.terms", { price: t("plans.premium.price") })}{" "}
          <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
            {t("upgrade.termsLink")}
          </Link>
        </p>
      </>
    ) : overview.plan === "free" ? (
      <p className="text-sm text-muted-foreground">{t("upgrade.ownerOnly")}</p>
    ) : null;

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <title>{`${t("upgrade.title")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("upgrade.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("upgrade.subtitle")}</p>
      </div>

      {overview.mode === "test" && (
        <div
          className="flex items-start gap-3 rounded-xl border border-warning/50 bg-accent/50 p-4 text-sm"
          role="note"
          data-testid="test-mode"
        >
          <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground" />
          <div>
            <p className="font-semibold text-accent-foreground">{t("upgrade.testMode.badge")}</p>
            <p className="text-accent-foreground">{t("upgrade.testMode.text")}</p>
          </div>
        </div>
      )}

      {feature && overview.plan === "free" && (
        <p className="rounded-xl border bg-secondary/50 p-4 text-sm">
          <span className="font-semibold">{t(`gate.features.${feature}.title`)}</span> —{" "}
          {t(`gate.features.${feature}.text`)}
        </p>
      )}

      {message && (
        <p
          className="flex items-start gap-2 rounded-xl border border-success/40 bg-success/10 p-4 text-sm font-medium"
          role="status"
        >
          <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {message}
        </p>
      )}
      <FormError message={refused ? `premium:${refused}` : undefined} />

      <SubscriptionStatus overview={overview} />
      <PlanComparison currentPlan={overview.plan} premiumAction={premiumAction} />
    </div>
  );
}

/** An installation where nobody takes payments: every feature is there, and this page says so instead of selling. */
function EveryFeatureIncluded() {
  const { t } = useTranslation("premium");
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <title>{`${t("upgrade.title")} · Samen`}</title>
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("upgrade.title")}</h1>
      <p
        className="flex items-start gap-3 rounded-xl border bg-card p-4 text-sm"
        role="note"
        data-testid="every-feature"
      >
        <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <span>
          <span className="block font-semibold">{t("upgrade.everyFeature.title")}</span>
          <span className="mt-1 block text-muted-foreground">{t("upgrade.everyFeature.text")}</span>
        </span>
      </p>
    </div>
  );
}
