import CircleAlertIcon from "lucide-react/icons/circle-exclamation-point";
import MailCheckIcon from "lucide-react/icons/mail-check";
import UsersIcon from "lucide-react/icons/users";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { secureCookies } from "~/config.server";
import { householdCookieHeader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { householdName } from "~/features/household/household-name";
import { acceptInvitation, getInvitation, type InvitationState } from "~/features/sharing/invitations.server";
import { requireForm } from "~/features/platform/forms.server";

export const handle = { i18n: ["app", "premium"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const invitation = await getInvitation({ token: params.token, userId: context.user.id, email: context.user.email });
  return { invitation, email: context.user.email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  await requireForm(request);
  const result = await acceptInvitation({ token: params.token, userId: context.user.id, email: context.user.email });
  if (!result.ok) return data({ error: result.error }, { status: result.error === "wrongEmail" ? 403 : 410 });
  // Land in the household just joined: the switcher's cookie points to it.
  throw redirect("/app?joined=1", {
    headers: { "Set-Cookie": householdCookieHeader(result.householdId, secureCookies()) },
  });
}

export const ErrorBoundary = AppErrorBoundary;

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("premium");
  const { t: tApp } = useTranslation("app");
  const navigation = useNavigation();
  const { invitation, email } = loaderData;
  const state: InvitationState = actionData?.error ?? invitation.state;
  const household = invitation.householdName
    ? householdName({ name: invitation.householdName, role: "partner", ownerName: invitation.inviterName ?? "" }, tApp)
    : "";
  const inviter = invitation.inviterName || t("invitation.someone");

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6 py-4">
      <title>{`${t("invitation.title")} · Samen`}</title>
      <Card>
        <CardHeader className="items-start gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            {state === "valid" ? (
              <UsersIcon aria-hidden="true" className="size-6" />
            ) : (
              <CircleAlertIcon aria-hidden="true" className="size-6" />
            )}
          </span>
          <h1 className="text-xl font-semibold leading-tight">
            {state === "valid"
              ? t("invitation.heading", { inviter, household })
              : t(`invitation.states.${state}.title`)}
          </h1>
          <CardDescription>
            {state === "valid"
              ? t(invitation.canEdit ? "invitation.textEdit" : "invitation.textView")
              : t(`invitation.states.${state}.text`, { invited: invitation.invitedEmail ?? "", email, inviter })}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {state === "valid" && !invitation.alreadyMember && (
            <Form method="post">
              <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
                <MailCheckIcon aria-hidden="true" />
                {t("invitation.accept")}
              </Button>
            </Form>
          )}
          {state === "valid" && invitation.alreadyMember && (
            <p className="text-sm font-medium">{t("invitation.alreadyMember")}</p>
          )}
          {state === "wrongEmail" && (
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" variant="outline" className="w-full">
                {t("invitation.signOut")}
              </Button>
            </Form>
          )}
          <Button asChild variant={state === "valid" ? "ghost" : "default"}>
            <Link to="/app">{t("invitation.toMyBudget")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
