import { useTranslation } from "~/i18n/react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-categories";
import { forAction, forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { conflictAnswer } from "~/features/platform/row-version.server";
import {
  CustomCategoriesSection,
  type CategoriesResult,
} from "~/features/custom-categories/components/custom-categories-section";
import {
  createCustomCategory,
  listCustomCategories,
  setCustomCategoryArchived,
  updateCustomCategory,
  type CategoryResult,
} from "~/features/custom-categories/custom-categories.server";
import {
  categoryFieldErrors,
  createCategoryForm,
  updateCategoryForm,
} from "~/features/custom-categories/custom-category.schema";

export const handle = { i18n: ["app", "premium"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const listed = await forLoader(() =>
    listCustomCategories({ userId: context.user.id, householdId: context.householdId }),
  );
  return {
    categories: {
      categories: listed.categories,
      canEdit: listed.canEdit,
      premium: listed.premium,
      role: listed.access.role,
    },
  };
}

const categoryIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("restore") }),
]);

/** Create, update, archive and restore; a refusal comes back as translated field messages, never an error page. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const base = { userId: context.user.id, householdId: values.householdId || context.householdId };
  const posted = postedIntent(values, categoryIntents);
  // Every answer names the intent as posted, also an unknown one.
  const intent = values.intent ?? "";
  const answer = (result: CategoryResult, categoryId?: string) =>
    result.ok
      ? data<CategoriesResult>({ ok: true, intent, categoryId: result.categoryId })
      : data<CategoriesResult>(
          { ok: false, intent, categoryId, fieldErrors: result.fieldErrors },
          {
            status:
              result.fieldErrors.form === "categories.errors.premiumRequired"
                ? 403
                : result.fieldErrors.form === "categories.errors.notFound"
                  ? 404
                  : 400,
          },
        );
  return forAction(async () => {
    if (!posted) return answer({ ok: false, fieldErrors: { form: "categories.errors.generic" } });
    switch (posted.intent) {
      case "create": {
        const parsed = createCategoryForm.safeParse(values);
        if (!parsed.success) return answer({ ok: false, fieldErrors: categoryFieldErrors(parsed.error) });
        const { kind, ...fields } = parsed.data;
        return answer(await createCustomCategory({ ...base, kind, fields }));
      }
      case "update": {
        const parsed = updateCategoryForm.safeParse(values);
        if (!parsed.success)
          return answer({ ok: false, fieldErrors: categoryFieldErrors(parsed.error) }, values.categoryId);
        const { categoryId, ...fields } = parsed.data;
        const result = await updateCustomCategory({ ...base, categoryId, version: values.version, fields });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): CategoriesResult => ({
            ok: false,
            intent,
            categoryId,
            fieldErrors: { form },
            current,
          }));
        return answer(result, categoryId);
      }
      case "archive":
      case "restore": {
        return answer(
          await setCustomCategoryArchived({
            ...base,
            categoryId: values.categoryId ?? "",
            archived: posted.intent === "archive",
          }),
          values.categoryId,
        );
      }
    }
  });
}

export const ErrorBoundary = AppErrorBoundary;

export default function SettingsCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("premium");
  const result = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <title>{`${t("categories.title")} · Samen`}</title>
      <div>
        <Link to="/app/settings" className="text-sm text-primary underline-offset-4 hover:underline">
          {t("settingsBack")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight md:text-3xl">{t("categories.title")}</h1>
      </div>
      <CustomCategoriesSection data={loaderData.categories} result={result} />
    </div>
  );
}
