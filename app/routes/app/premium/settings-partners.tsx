import { useTranslation } from "~/i18n/react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-partners";
import { secureCookies } from "~/config.server";
import {
  clearedHouseholdCookieHeader,
  forAction,
  forLoader,
  requireAppContext,
} from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { PartnersSection, type PartnersResult } from "~/features/sharing/components/partners-section";
import {
  getSharingOverview,
  invitePartner,
  leaveHousehold,
  removePartner,
  renewInvitationLink,
  revokeInvitation,
  setPartnerAccess,
  setPersonalPrivacy,
} from "~/features/sharing/invitations.server";
import { inviteForm, partnerAccessForm, personalPrivacyForm } from "~/features/sharing/sharing.schema";
import { retryAfterHeaders } from "~/lib/retry-after-headers";

export const handle = { i18n: ["app", "premium"] };

/** A 429 keeps its Retry-After on the way to the browser. */
export const headers = retryAfterHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const sharing = await forLoader(() =>
    getSharingOverview({ userId: context.user.id, householdId: context.householdId }),
  );
  return { sharing, language: context.language };
}

const refuse = (intent: string, fieldErrors: Record<string, string>, status: number, retryAfterSeconds?: number) =>
  data<PartnersResult>(
    { ok: false, intent, fieldErrors },
    { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined },
  );

const partnerIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("revoke") }),
  z.object({ intent: z.literal("link") }),
  z.object({ intent: z.literal("remove") }),
  z.object({ intent: z.literal("setAccess") }),
  z.object({ intent: z.literal("setPrivacy") }),
  z.object({ intent: z.literal("leave") }),
]);

/** Invite, a pending invitation's new link, revoke, remove, change a partner's access, leave, and each member's own privacy choice. Fetchers get the answer as data; a plain form post renders this page with it. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const base = { userId: context.user.id, householdId: values.householdId || context.householdId };
  const posted = postedIntent(values, partnerIntents);
  return forAction(async () => {
    if (!posted) return refuse(values.intent ?? "unknown", { form: "sharing.errors.generic" }, 400);
    switch (posted.intent) {
      case "invite": {
        const parsed = inviteForm.safeParse(values);
        if (!parsed.success) {
          const field = String(parsed.error.issues[0]?.path[0] ?? "email");
          return refuse(
            "invite",
            {
              [field === "language" ? "form" : "email"]:
                parsed.error.issues[0]?.message ?? "sharing.errors.invalidEmail",
            },
            400,
          );
        }
        const result = await invitePartner({
          ...base,
          email: parsed.data.email,
          language: parsed.data.language,
          canEdit: parsed.data.access === "edit",
        });
        if (!result.ok) {
          const onEmail =
            result.error === "invalidEmail" || result.error === "self" || result.error === "alreadyMember";
          return refuse(
            "invite",
            { [onEmail ? "email" : "form"]: `sharing.errors.${result.error}` },
            result.error === "premiumRequired" ? 403 : result.error === "tooMany" ? 429 : 400,
            result.retryAfterSeconds,
          );
        }
        return data<PartnersResult>({ ok: true, intent: "invite", email: result.email, link: result.link });
      }
      case "revoke": {
        const result = await revokeInvitation({ ...base, invitationId: values.invitationId ?? "" });
        return result.ok
          ? data<PartnersResult>({ ok: true, intent: "revoke" })
          : refuse("revoke", { form: "sharing.errors.gone" }, 404);
      }
      case "link": {
        const invitationId = values.invitationId ?? "";
        const result = await renewInvitationLink({ ...base, invitationId });
        return result.ok
          ? data<PartnersResult>({ ok: true, intent: "link", invitationId, link: result.link })
          : refuse("link", { form: "sharing.errors.gone" }, 404);
      }
      case "remove": {
        const result = await removePartner({ ...base, partnerUserId: values.partnerUserId ?? "" });
        return result.ok
          ? data<PartnersResult>({ ok: true, intent: "remove" })
          : refuse("remove", { form: "sharing.errors.gone" }, 404);
      }
      case "setAccess": {
        const parsed = partnerAccessForm.safeParse(values);
        if (!parsed.success) return refuse("setAccess", { form: "sharing.errors.generic" }, 400);
        const result = await setPartnerAccess({ ...base, ...parsed.data });
        return result.ok
          ? data<PartnersResult>({ ok: true, intent: "setAccess" })
          : refuse("setAccess", { form: "sharing.errors.gone" }, 404);
      }
      case "setPrivacy": {
        const parsed = personalPrivacyForm.safeParse(values);
        if (!parsed.success) return refuse("setPrivacy", { form: "sharing.errors.generic" }, 400);
        await setPersonalPrivacy({ ...base, ...parsed.data });
        return data<PartnersResult>({ ok: true, intent: "setPrivacy" });
      }
      case "leave": {
        const result = await leaveHousehold(base);
        if (!result.ok) return refuse("leave", { form: "sharing.errors.ownerCannotLeave" }, 409);
        // Back to the user's own budget.
        throw redirect("/app?left=1", { headers: { "Set-Cookie": clearedHouseholdCookieHeader(secureCookies()) } });
      }
    }
  });
}

export const ErrorBoundary = AppErrorBoundary;

export default function SettingsPartners({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("premium");
  const result = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <title>{`${t("sharing.title")} · Samen`}</title>
      <div>
        <Link to="/app/settings" className="text-sm text-primary underline-offset-4 hover:underline">
          {t("settingsBack")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight md:text-3xl">{t("sharing.title")}</h1>
      </div>
      <PartnersSection sharing={loaderData.sharing} defaultLanguage={loaderData.language} result={result} />
    </div>
  );
}
