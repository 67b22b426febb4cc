import PencilIcon from "lucide-react/icons/pencil";
import Undo2Icon from "lucide-react/icons/undo-2";
import { useEffect, useId, useRef } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/payees";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FieldError, FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { selectClass } from "~/components/ui/select-field";
import { showToast } from "~/components/ui/toast";
import { categoryLabel, type CategoryView } from "~/domain/categories";
import {
  mergePayeeForm,
  payeeMemoryForm,
  payeeNameMaxLength,
  renamePayeeForm,
  undoMergeForm,
} from "~/features/entries/payees.schema";
import {
  listPayees,
  mergePayees,
  renamePayee,
  setPayeeMemory,
  undoPayeeMerge,
  type PayeeResult,
} from "~/features/entries/payees.server";
import type { PayeeListed } from "~/features/entries/transactions.server";
import { useEntrySharing } from "~/features/entries/components/use-budget-shell";
import { forAction, forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

export const handle = { i18n: ["app", "payees"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const listed = await forLoader(() => listPayees({ userId: context.user.id, householdId: context.householdId }));
  return { ...listed, householdId: context.householdId };
}

const payeeIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename") }),
  z.object({ intent: z.literal("memory") }),
  z.object({ intent: z.literal("merge") }),
  z.object({ intent: z.literal("undoMerge") }),
]);

type Intent = z.infer<typeof payeeIntents>["intent"] | "unknown";

/** What an action answers: its intent and payee, and a translated message's key (payees namespace) when refused. */
type PayeesAnswer =
  | { ok: true; intent: Intent; payeeId: string; name?: string; intoName?: string; entries?: number }
  | { ok: false; intent: Intent; payeeId: string; fieldErrors: Record<string, string> };

/** A schema's first message, as the payees namespace's key. */
function refusal(intent: Intent, payeeId: string, error: z.ZodError, status = 400) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field === "name" ? "name" : "form"] ??= `payees:${issue.message}`;
  }
  return data<PayeesAnswer>({ ok: false, intent, payeeId, fieldErrors }, { status });
}

function answered<Done extends object>(intent: Intent, payeeId: string, result: PayeeResult<Done>) {
  if (result.ok) return data<PayeesAnswer>({ ...result, ok: true, intent, payeeId });
  return data<PayeesAnswer>(
    { ok: false, intent, payeeId, fieldErrors: { form: `payees:${result.error}` } },
    { status: result.error === "errors.notFound" ? 404 : 400 },
  );
}

/** Rename, payee memory, merge and its undo; every one checks write access in its use case. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const asked = { userId: context.user.id, householdId: values.householdId || context.householdId };
  const posted = postedIntent(values, payeeIntents);
  const payeeId = values.payeeId ?? "";
  return forAction(async () => {
    if (!posted)
      return data<PayeesAnswer>(
        { ok: false, intent: "unknown", payeeId, fieldErrors: { form: "payees:errors.generic" } },
        { status: 400 },
      );
    const intent = posted.intent;
    switch (intent) {
      case "rename": {
        const parsed = renamePayeeForm.safeParse(values);
        if (!parsed.success) return refusal(intent, payeeId, parsed.error);
        return answered(intent, payeeId, await renamePayee({ ...asked, ...parsed.data }));
      }
      case "memory": {
        const parsed = payeeMemoryForm.safeParse(values);
        if (!parsed.success) return refusal(intent, payeeId, parsed.error);
        return answered(intent, payeeId, await setPayeeMemory({ ...asked, ...parsed.data }));
      }
      case "merge": {
        const parsed = mergePayeeForm.safeParse(values);
        if (!parsed.success) return refusal(intent, payeeId, parsed.error);
        return answered(intent, payeeId, await mergePayees({ ...asked, ...parsed.data }));
      }
      case "undoMerge": {
        const parsed = undoMergeForm.safeParse(values);
        if (!parsed.success) return refusal(intent, payeeId, parsed.error);
        return answered(intent, payeeId, await undoPayeeMerge({ ...asked, ...parsed.data }));
      }
    }
  });
}

export const ErrorBoundary = AppErrorBoundary;

/** The category options of one kind, archived ones left out unless the payee's memory names one. */
function categoryOptions(categories: readonly CategoryView[], kind: "income" | "expense", chosen: string | null) {
  return categories.filter((category) => category.kind === kind && (!category.archived || category.id === chosen));
}

function PayeeRow({
  payee,
  payees,
  categories,
  canWrite,
  answer,
}: {
  payee: PayeeListed;
  payees: readonly PayeeListed[];
  categories: readonly CategoryView[];
  canWrite: boolean;
  answer: PayeesAnswer | undefined;
}) {
  const { t } = useTranslation("payees");
  const { t: tApp } = useTranslation("app");
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("payeeId") === payee.id;
  const mine = answer?.payeeId === payee.id ? answer : undefined;
  const errors = mine && !mine.ok ? mine.fieldErrors : undefined;
  const label = (categoryId: string | null) => {
    const found = categoryId ? categories.find((category) => category.id === categoryId) : undefined;
    return found ? categoryLabel(found, tApp) : null;
  };
  const expense = label(payee.expenseCategoryId);
  const income = label(payee.incomeCategoryId);
  const others = payees.filter((other) => other.id !== payee.id);
  // A household of one never sees sharing.
  const sharing = useEntrySharing();
  const hidden = <input type="hidden" name="payeeId" value={payee.id} />;

  return (
    <li className="flex flex-col gap-2 py-3" data-testid="payee-row">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 font-medium break-words">{payee.name}</h2>
        <p className="text-sm text-muted-foreground">{t("entries", { count: payee.entries })}</p>
      </div>
      <p className="text-sm text-muted-foreground">
        {expense || income ? (
          <>
            {expense && <span className="mr-3 inline-block">{t("defaultOut", { category: expense })}</span>}
            {income && <span className="inline-block">{t("defaultIn", { category: income })}</span>}
          </>
        ) : (
          t("noDefault")
        )}
        {sharing && payee.sharing && (
          <span className="ml-3 inline-block" data-testid="payee-sharing">
            {t(payee.sharing === "shared" ? "startsShared" : "startsPersonal")}
          </span>
        )}
      </p>
      {errors?.form && <FormError message={errors.form} />}
      {canWrite && (
        <details className="group" open={Boolean(errors)}>
          <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            <PencilIcon aria-hidden="true" className="size-4" />
            {t("edit")}
            <span className="sr-only">: {payee.name}</span>
          </summary>
          <div className="mt-2 flex flex-col gap-4 rounded-lg border bg-secondary/30 p-3">
            <Form method="post" className="flex flex-col gap-2" noValidate>
              <input type="hidden" name="intent" value="rename" />
              {hidden}
              <Label htmlFor={`${id}-name`}>{t("name")}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={`${id}-name`}
                  name="name"
                  defaultValue={payee.name}
                  maxLength={payeeNameMaxLength}
                  aria-invalid={errors?.name ? true : undefined}
                  className="sm:flex-1"
                />
                <Button type="submit" variant="outline" disabled={busy}>
                  {t("rename")}
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">{t("renameHint")}</p>
              <FieldError message={errors?.name} />
            </Form>

            <Form method="post" className="flex flex-col gap-2" noValidate>
              <input type="hidden" name="intent" value="memory" />
              {hidden}
              <div className="grid gap-3 sm:grid-cols-2">
                {(["expense", "income"] as const).map((kind) => {
                  const chosen = kind === "expense" ? payee.expenseCategoryId : payee.incomeCategoryId;
                  return (
                    <div key={kind} className="flex min-w-0 flex-col gap-2">
                      <Label htmlFor={`${id}-${kind}`}>{t(kind === "expense" ? "categoryOut" : "categoryIn")}</Label>
                      <select
                        id={`${id}-${kind}`}
                        name={`${kind}CategoryId`}
                        defaultValue={chosen ?? ""}
                        className={selectClass}
                      >
                        <option value="">{t("noCategory")}</option>
                        {categoryOptions(categories, kind, chosen).map((category) => (
                          <option key={category.id} value={category.id}>
                            {categoryLabel(category, tApp)}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                })}
                {sharing && (
                  <div className="flex min-w-0 flex-col gap-2">
                    <Label htmlFor={`${id}-sharing`}>{t("sharingLabel")}</Label>
                    <select
                      id={`${id}-sharing`}
                      name="sharing"
                      defaultValue={payee.sharing ?? ""}
                      className={selectClass}
                    >
                      <option value="">{t("sharingCategory")}</option>
                      <option value="shared">{t("sharingShared")}</option>
                      <option value="personal">{t("sharingPersonal")}</option>
                    </select>
                  </div>
                )}
              </div>
              <p className="text-xs text-muted-foreground">{t(sharing ? "defaultsHint" : "categoryHint")}</p>
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  {t(sharing ? "saveDefaults" : "saveCategories")}
                </Button>
              </div>
            </Form>

            {others.length > 0 && (
              <Form method="post" className="flex flex-col gap-2" noValidate>
                <input type="hidden" name="intent" value="merge" />
                {hidden}
                <Label htmlFor={`${id}-into`}>{t("mergeInto")}</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <select id={`${id}-into`} name="intoId" defaultValue="" className={`${selectClass} sm:flex-1`}>
                    <option value="" disabled>
                      {t("mergeChoose")}
                    </option>
                    {others.map((other) => (
                      <option key={other.id} value={other.id}>
                        {other.name}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" variant="outline" disabled={busy}>
                    {t("merge")}
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">{t("mergeHint", { name: payee.name })}</p>
              </Form>
            )}
          </div>
        </details>
      )}
    </li>
  );
}

/** Without JavaScript there is no toast: the merge's Undo stands above the list until the next page. */
function MergedNotice({ answer, householdId }: { answer: PayeesAnswer; householdId: string }) {
  const { t } = useTranslation("payees");
  if (!answer.ok || answer.intent !== "merge") return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-sm">
      <span>{t("merged", { name: answer.name ?? "", into: answer.intoName ?? "" })}</span>
      <Form method="post">
        <input type="hidden" name="intent" value="undoMerge" />
        <input type="hidden" name="householdId" value={householdId} />
        <input type="hidden" name="payeeId" value={answer.payeeId} />
        <Button type="submit" variant="outline" size="sm">
          <Undo2Icon aria-hidden="true" />
          {t("undo")}
        </Button>
      </Form>
    </div>
  );
}

export default function Payees({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payees");
  const { t: tApp } = useTranslation("app");
  const hydrated = useHydrated();
  const submit = useSubmit();
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const refusedForm = actionData && !("intent" in actionData) ? actionData.fieldErrors.form : undefined;
  const { payees, categories, canWrite, householdId } = loaderData;
  const toasted = useRef<unknown>(null);

  useEffect(() => {
    if (!answer?.ok || toasted.current === answer) return;
    toasted.current = answer;
    if (answer.intent === "merge")
      showToast({
        title: t("merged", { name: answer.name ?? "", into: answer.intoName ?? "" }),
        duration: 10000,
        action: {
          label: t("undo"),
          onClick: () => void submit({ intent: "undoMerge", householdId, payeeId: answer.payeeId }, { method: "post" }),
        },
      });
    else if (answer.intent === "undoMerge")
      showToast({ title: t("unmerged", { name: answer.name ?? "" }), variant: "success" });
    else if (answer.intent === "rename" || answer.intent === "memory")
      showToast({ title: t("saved"), variant: "success" });
  }, [answer, householdId, submit, t]);

  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <title>{`${t("title")} · Samen`}</title>
      <div>
        <Link to="/app/settings" className="text-sm text-primary underline-offset-4 hover:underline">
          {t("settingsBack")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      {!canWrite && <p className="text-sm text-muted-foreground">{tApp("errors.readOnly")}</p>}
      {refusedForm && <FormError message={refusedForm} />}
      {answer && !answer.ok && answer.intent === "unknown" && <FormError message={answer.fieldErrors.form} />}
      {answer && !hydrated && <MergedNotice answer={answer} householdId={householdId} />}
      <Card>
        <CardContent>
          {payees.length === 0 ? (
            <p className="py-3 text-sm text-muted-foreground">{t("empty")}</p>
          ) : (
            <ul className="divide-y" aria-label={t("title")}>
              {payees.map((payee) => (
                <PayeeRow
                  key={payee.id}
                  payee={payee}
                  payees={payees}
                  categories={categories}
                  canWrite={canWrite}
                  answer={answer}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
