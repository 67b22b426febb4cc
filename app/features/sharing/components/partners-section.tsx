import CopyIcon from "lucide-react/icons/copy";
import EyeIcon from "lucide-react/icons/eye";
import LinkIcon from "lucide-react/icons/link";
import LogOutIcon from "lucide-react/icons/log-out";
import MailIcon from "lucide-react/icons/mail";
import PencilIcon from "lucide-react/icons/pencil";
import UserMinusIcon from "lucide-react/icons/user-minus";
import UserPlusIcon from "lucide-react/icons/user-plus";
import UsersIcon from "lucide-react/icons/users";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { languageNames, languages, type Language } from "~/domain/languages";
import { listFormat } from "~/domain/intl-formats";
import { formatDate } from "~/domain/periods";
import { PremiumGate } from "~/features/billing/components/premium-gate";
import { FieldError, FormError } from "~/components/ui/field-error";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { SharingOverview } from "../invitations.server";

/** Where the section's forms post; the route answers fetchers with data and plain posts with its own page. */
export const partnersAction = "/app/settings/partners";

export type PartnersResult =
  | { ok: true; intent: "invite"; email: string; link: string }
  | { ok: true; intent: "link"; invitationId: string; link: string }
  | { ok: true; intent: "revoke" | "remove" | "setAccess" | "leave" | "setPrivacy" }
  | { ok: false; intent: string; fieldErrors: Record<string, string> };

function Message({ result, intent }: { result: PartnersResult | undefined; intent: string }) {
  const { t } = useTranslation("premium");
  if (!result || result.intent !== intent) return null;
  if (!result.ok)
    return <FormError message={result.fieldErrors.form ? `premium:${result.fieldErrors.form}` : undefined} />;
  if (result.intent === "link") return null;
  return (
    <p className="text-sm font-medium text-success" role="status">
      {result.intent === "invite"
        ? t("sharing.messages.invited", { email: result.email })
        : t(`sharing.messages.${result.intent}`)}
    </p>
  );
}

/**
 * An invitation's link for the owner to hand over themselves: selectable without scripts, copied with one tap with them.
 * `renewed`: the link replaced the one in the e-mail.
 */
function InvitationLink({ link, email, renewed }: { link: string; email: string; renewed: boolean }) {
  const { t } = useTranslation("premium");
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg border bg-muted/40 p-3" data-testid="invitation-link">
      <Label htmlFor={`${id}-link`}>{t("sharing.link.label")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-link`}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={`${id}-link-hint`}
          className="font-mono text-xs"
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          <CopyIcon aria-hidden="true" />
          {t("sharing.link.copy")}
        </Button>
      </div>
      <p id={`${id}-link-hint`} className="text-xs text-muted-foreground">
        {renewed ? `${t("sharing.link.renewed")} ` : ""}
        {t("sharing.link.hint", { email })}
      </p>
      <p className="text-xs font-medium text-success" role="status">
        {copied ? t("sharing.link.copied") : ""}
      </p>
    </div>
  );
}

/** "Get link" on a pending invitation: a fresh link, shown in place (a plain post shows it on the page it renders). */
function PendingLink({
  invitationId,
  email,
  result,
  children,
}: {
  invitationId: string;
  email: string;
  result?: PartnersResult;
  /** The row's other actions, between "Get link" and the link itself, which takes a line of its own below them. */
  children: ReactNode;
}) {
  const { t } = useTranslation("premium");
  const fetcher = useFetcher<PartnersResult>();
  const householdId = useAppShell().household.id;
  const answer = fetcher.data ?? result;
  const shown = answer?.ok && answer.intent === "link" && answer.invitationId === invitationId ? answer.link : null;
  return (
    <>
      <fetcher.Form method="post" action={partnersAction} className="flex flex-col items-end gap-1">
        <input type="hidden" name="intent" value="link" />
        <input type="hidden" name="householdId" value={householdId} />
        <input type="hidden" name="invitationId" value={invitationId} />
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          disabled={fetcher.state !== "idle"}
          aria-label={t("sharing.link.getFor", { email })}
        >
          <LinkIcon aria-hidden="true" />
          {t("sharing.link.get")}
        </Button>
        {fetcher.data && !fetcher.data.ok && <FormError message={`premium:${fetcher.data.fieldErrors.form}`} />}
      </fetcher.Form>
      {children}
      {shown && <InvitationLink link={shown} email={email} renewed />}
    </>
  );
}

function InviteForm({ defaultLanguage, result }: { defaultLanguage: Language; result?: PartnersResult }) {
  const { t } = useTranslation("premium");
  const fetcher = useFetcher<PartnersResult>();
  const id = useId();
  const householdId = useAppShell().household.id;
  const answer = fetcher.data ?? result;
  const errors = answer && !answer.ok && answer.intent === "invite" ? answer.fieldErrors : {};
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={partnersAction}
      className="flex flex-col gap-4"
      noValidate
      key={answer?.ok && answer.intent === "invite" ? answer.email : "invite"}
    >
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="householdId" value={householdId} />
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>{t("sharing.invite.email")}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="off"
            inputMode="email"
            placeholder={t("sharing.invite.emailPlaceholder")}
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
          />
          <FieldError id={`${id}-email-error`} message={errors.email ? `premium:${errors.email}` : undefined} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-language`}>{t("sharing.invite.language")}</Label>
          <select
            id={`${id}-language`}
            name="language"
            defaultValue={defaultLanguage}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs"
          >
            {languages.map((language) => (
              <option key={language} value={language} lang={language === "ua" ? "uk" : language}>
                {languageNames[language]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("sharing.invite.access")}</legend>
        {(["view", "edit"] as const).map((access) => (
          <label
            key={access}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name="access"
              value={access}
              // No role is chosen for the owner: "Only look" ticked in advance made editors into viewers unnoticed.
              required
              className="size-4 accent-primary"
            />
            {access === "edit" ? t("sharing.invite.canEdit") : t("sharing.invite.viewOnly")}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-muted-foreground">{t("sharing.invite.hint")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          <UserPlusIcon aria-hidden="true" />
          {busy ? t("sharing.invite.sending") : t("sharing.invite.submit")}
        </Button>
        <Message result={answer} intent="invite" />
      </div>
      {answer?.ok && answer.intent === "invite" && (
        <InvitationLink link={answer.link} email={answer.email} renewed={false} />
      )}
    </fetcher.Form>
  );
}

function RowAction({
  intent,
  fields,
  label,
  icon,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  icon: ReactNode;
}) {
  const fetcher = useFetcher<PartnersResult>();
  const answer = fetcher.data;
  const householdId = useAppShell().household.id;
  return (
    <fetcher.Form method="post" action={partnersAction} className="flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="householdId" value={householdId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
        {icon}
        {label}
      </Button>
      {answer && !answer.ok && <FormError message={`premium:${answer.fieldErrors.form ?? "sharing.errors.generic"}`} />}
    </fetcher.Form>
  );
}

/**
 * Each member's own choice (design: money-in.md, "Two people"): the others see their personal spending entry by entry,
 * or only as totals per category. Shared expenses always stay visible, since both carry them.
 */
function PersonalPrivacyForm({
  others,
  inDetail,
  result,
}: {
  others: SharingOverview["members"];
  inDetail: boolean;
  result?: PartnersResult;
}) {
  const { t } = useTranslation("premium");
  const format = useFormat();
  const fetcher = useFetcher<PartnersResult>();
  const id = useId();
  const householdId = useAppShell().household.id;
  const names = listFormat(format.language, { type: "conjunction" }).format(
    others.map((member) => member.name || member.email),
  );
  const choices = [
    { value: true, label: t("sharing.privacy.detail"), hint: t("sharing.privacy.detailHint") },
    { value: false, label: t("sharing.privacy.totals"), hint: t("sharing.privacy.totalsHint") },
  ];
  return (
    <fetcher.Form method="post" action={partnersAction} className="flex flex-col gap-3" data-testid="personal-privacy">
      <input type="hidden" name="intent" value="setPrivacy" />
      <input type="hidden" name="householdId" value={householdId} />
      <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-note`}>
        <legend className="mb-1 text-sm font-semibold">{t("sharing.privacy.legend", { names })}</legend>
        {choices.map((choice) => (
          <label
            key={String(choice.value)}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name="personalInDetail"
              value={String(choice.value)}
              defaultChecked={choice.value === inDetail}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0">
              <span className="block font-medium">{choice.label}</span>
              <span className="block text-xs text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {t("sharing.privacy.note")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          {t("sharing.privacy.save")}
        </Button>
        <Message result={fetcher.data ?? result} intent="setPrivacy" />
      </div>
    </fetcher.Form>
  );
}

/**
 * Partner sharing in Settings. The owner of a premium household invites by e-mail, sees who shares the household
 * and the pending invitations, and ends access at any time; a partner sees who shares it and can leave.
 */
export function PartnersSection({
  sharing,
  defaultLanguage,
  result,
}: {
  sharing: SharingOverview;
  defaultLanguage: Language;
  result?: PartnersResult;
}) {
  const { t } = useTranslation("premium");
  const format = useFormat();
  const partners = sharing.members.filter((member) => member.role === "partner");
  const owner = sharing.members.find((member) => member.role === "owner");
  const you = sharing.members.find((member) => member.isYou);
  const others = sharing.members.filter((member) => !member.isYou);
  return (
    <Card id="partner" data-section="partners">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold leading-tight tracking-tight">
          <UsersIcon aria-hidden="true" className="size-4 text-primary" />
          {t("sharing.title")}
        </h2>
        <CardDescription>
          {sharing.role === "owner"
            ? t("sharing.ownerText")
            : t(you?.canEdit ? "sharing.partnerTextEditor" : "sharing.partnerText", {
                owner: owner?.name || owner?.email || "",
              })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {sharing.role === "owner" && !sharing.premium && (
          <>
            {partners.length > 0 && <p className="rounded-lg border bg-muted p-3 text-sm">{t("sharing.suspended")}</p>}
            <PremiumGate feature="partners" allowed={false} compact />
          </>
        )}
        {sharing.canInvite && <InviteForm defaultLanguage={defaultLanguage} result={result} />}

        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t("sharing.members")}</h3>
          <ul className="divide-y rounded-lg border" aria-label={t("sharing.members")}>
            {sharing.members.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">
                    {member.name || member.email}
                    {member.isYou && <span className="font-normal text-muted-foreground"> ({t("sharing.you")})</span>}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                  {!member.isYou && !member.personalInDetail && (
                    <p className="text-xs text-muted-foreground">{t("sharing.privacy.showsTotals")}</p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={member.role === "owner" ? "secondary" : "outline"}>
                    {t(
                      member.role === "owner"
                        ? "sharing.roles.owner"
                        : member.canEdit
                          ? "sharing.roles.editor"
                          : "sharing.roles.partner",
                    )}
                  </Badge>
                  {sharing.role === "owner" && member.role === "partner" && (
                    <>
                      <RowAction
                        intent="setAccess"
                        fields={{ partnerUserId: member.userId, canEdit: String(!member.canEdit) }}
                        label={member.canEdit ? t("sharing.makeReadOnly") : t("sharing.allowEditing")}
                        icon={member.canEdit ? <EyeIcon aria-hidden="true" /> : <PencilIcon aria-hidden="true" />}
                      />
                      <RowAction
                        intent="remove"
                        fields={{ partnerUserId: member.userId }}
                        label={t("sharing.remove")}
                        icon={<UserMinusIcon aria-hidden="true" />}
                      />
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>

        {you && others.length > 0 && (
          <PersonalPrivacyForm others={others} inDetail={you.personalInDetail} result={result} />
        )}

        {sharing.role === "owner" && sharing.pending.length > 0 && (
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">{t("sharing.pending")}</h3>
            <ul className="divide-y rounded-lg border" aria-label={t("sharing.pending")}>
              {sharing.pending.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-x-1 gap-y-3 px-4 py-3">
                  <div className="mr-auto flex min-w-0 items-center gap-3">
                    <MailIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{item.email}</p>
                      <p className="text-xs text-muted-foreground">
                        {t(item.canEdit ? "sharing.roles.editor" : "sharing.roles.partner")}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {t("sharing.expires", {
                          date: formatDate(item.expiresAt.slice(0, 10), format.language, "medium"),
                        })}
                      </p>
                    </div>
                  </div>
                  {/* The link, once asked for, takes a line of its own below the row. */}
                  <PendingLink invitationId={item.id} email={item.email} result={result}>
                    <RowAction
                      intent="revoke"
                      fields={{ invitationId: item.id }}
                      label={t("sharing.revoke")}
                      icon={<UserMinusIcon aria-hidden="true" />}
                    />
                  </PendingLink>
                </li>
              ))}
            </ul>
          </div>
        )}

        {sharing.role === "partner" && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">{t("sharing.leaveText")}</p>
            <RowAction intent="leave" fields={{}} label={t("sharing.leave")} icon={<LogOutIcon aria-hidden="true" />} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
