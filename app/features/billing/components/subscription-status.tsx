import CalendarClockIcon from "lucide-react/icons/calendar-clock";
import CrownIcon from "lucide-react/icons/crown";
import FlaskConicalIcon from "lucide-react/icons/flask-conical";
import TriangleAlertIcon from "lucide-react/icons/triangle-exclamation-point";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { dateFormat } from "~/domain/intl-formats";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { BillingOverview } from "../subscription.server";

/** A date the way the page shows "Premium until <date>": the calendar day of that instant in the reader's language. */
export function useBillingDate() {
  const format = useFormat();
  return (iso: string | null) =>
    iso ? dateFormat(format.language, { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso)) : "";
}

/** The household's plan right now, and what the owner can do about it (cancel at period end, resume). */
export function SubscriptionStatus({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation("premium");
  const navigation = useNavigation();
  const date = useBillingDate();
  const householdId = useAppShell().household.id;
  const busy = navigation.state !== "idle";
  const until = date(overview.periodEnd);

  let title = t("plans.free.name");
  let text = t("upgrade.state.free");
  if (overview.state === "active") {
    title = t("plans.premium.name");
    text = until ? t("upgrade.state.active", { date: until }) : t("upgrade.state.activeNoDate");
  } else if (overview.state === "cancelling") {
    title = t("upgrade.state.cancellingTitle", { date: until });
    text = t("upgrade.state.cancelling", { date: until });
  }
  if (overview.managedBy === "operator") {
    title = t("plans.premium.name");
    text = until ? t("upgrade.state.grantedUntil", { date: until }) : t("upgrade.state.granted");
  } else if (overview.state === "pastDue") {
    title = t("plans.premium.name");
    text = t("upgrade.state.pastDue");
  }

  return (
    <Card data-subscription-state={overview.state}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="flex items-start gap-2 text-base font-semibold leading-snug tracking-tight">
            {overview.plan === "premium" ? (
              <CrownIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            ) : (
              <CalendarClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            )}
            <span>
              {t("upgrade.yourPlan")}: <span data-testid="plan-title">{title}</span>
            </span>
          </h2>
          {overview.managedBy === "test" && (
            <Badge variant="accent">
              <FlaskConicalIcon aria-hidden="true" className="size-3" />
              {t("upgrade.testMode.badge")}
            </Badge>
          )}
        </div>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      {overview.plan === "premium" && (
        <CardContent className="flex flex-col gap-3">
          {overview.state === "pastDue" && (
            <p className="flex items-start gap-2 text-sm text-destructive">
              <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t("upgrade.state.pastDueHint")}
            </p>
          )}
          {overview.managedBy === "operator" ? null : overview.canManage ? (
            <div className="flex flex-wrap gap-3">
              {overview.state === "cancelling" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="resume" />
                  <input type="hidden" name="householdId" value={householdId} />
                  <Button type="submit" disabled={busy}>
                    {t("upgrade.actions.resume")}
                  </Button>
                </Form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="householdId" value={householdId} />
                  <Button type="submit" variant="outline" disabled={busy}>
                    {t("upgrade.actions.cancel")}
                  </Button>
                </Form>
              )}
              {overview.managedBy === "test" && overview.mode === "test" && (
                <Form method="post">
                  <input type="hidden" name="intent" value="endTest" />
                  <input type="hidden" name="householdId" value={householdId} />
                  <Button type="submit" variant="ghost" disabled={busy}>
                    <FlaskConicalIcon aria-hidden="true" />
                    {t("upgrade.actions.endTest")}
                  </Button>
                </Form>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("upgrade.ownerOnly")}</p>
          )}
          {overview.canManage && overview.managedBy !== "operator" && overview.state !== "cancelling" && (
            <p className="text-xs text-muted-foreground">{t("upgrade.cancelHint")}</p>
          )}
        </CardContent>
      )}
    </Card>
  );
}
