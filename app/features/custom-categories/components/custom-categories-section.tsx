import { SegmentCheck, segmentClass } from "~/components/ui/segment";
import ArchiveIcon from "lucide-react/icons/archive";
import ArchiveRestoreIcon from "lucide-react/icons/archive-arrow-up";
import PaletteIcon from "lucide-react/icons/palette";
import PencilIcon from "lucide-react/icons/pencil";
import PlusIcon from "lucide-react/icons/plus";
import { useId, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { categoryColors, categoryIcons, categoryNameMaxLength, isCategoryIcon } from "~/domain/custom-categories";
import { PremiumGate } from "~/features/billing/components/premium-gate";
import { CategoryIcon } from "~/features/entries/components/category-icon";
import { FieldError, FormError } from "~/components/ui/field-error";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { cn } from "~/lib/cn";
import type { FieldErrors } from "~/lib/forms";
import { ConflictNotice, useRowConflict, VersionInput } from "~/components/ui/conflict-notice";
import type { CurrentCategory, CustomCategoryView } from "../custom-categories.server";

export const categoriesAction = "/app/settings/categories";

export type CategoriesResult =
  | { ok: true; intent: string; categoryId: string }
  | { ok: false; intent: string; categoryId?: string; fieldErrors: FieldErrors; current?: CurrentCategory };

export interface CustomCategoriesData {
  categories: CustomCategoryView[];
  canEdit: boolean;
  premium: boolean;
  role: "owner" | "partner";
}

const premiumKey = (key: string | undefined) => (key ? `premium:${key}` : undefined);

/** Colour swatches and icons as radio groups: usable with the keyboard and announced by name. */
function AppearanceFields({ color, icon, errors }: { color: string; icon: string; errors: FieldErrors }) {
  const { t } = useTranslation("premium");
  const [chosenColor, setChosenColor] = useState(color);
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("categories.color")}</legend>
        <div className="flex flex-wrap gap-2">
          {categoryColors.map((value, index) => (
            <label
              key={value}
              className="relative cursor-pointer rounded-full has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name="color"
                value={value}
                defaultChecked={value === color}
                onChange={() => setChosenColor(value)}
                className="peer sr-only"
              />
              <span className="sr-only">{t("categories.colorName", { number: index + 1 })}</span>
              <span
                aria-hidden="true"
                className="block size-8 rounded-full border-2 border-transparent ring-offset-2 peer-checked:ring-2 peer-checked:ring-foreground"
                style={{ backgroundColor: value }}
              />
            </label>
          ))}
        </div>
        <FieldError message={premiumKey(errors.color)} />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("categories.icon")}</legend>
        <div className="flex flex-wrap gap-1.5">
          {categoryIcons.map((value) => (
            <label
              key={value}
              className="flex size-11 cursor-pointer items-center justify-center rounded-lg border-2 border-transparent has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input type="radio" name="icon" value={value} defaultChecked={value === icon} className="sr-only" />
              <span className="sr-only">{t(`categories.icons.${value}`)}</span>
              <CategoryIcon icon={value} color={chosenColor} className="size-8" />
            </label>
          ))}
        </div>
        <FieldError message={premiumKey(errors.icon)} />
      </fieldset>
    </>
  );
}

function CreateForm({ result }: { result?: CategoriesResult }) {
  const { t } = useTranslation("premium");
  const fetcher = useFetcher<CategoriesResult>();
  const id = useId();
  const answer = fetcher.data ?? result;
  const errors = answer && !answer.ok && answer.intent === "create" ? answer.fieldErrors : {};
  const created = answer?.ok && answer.intent === "create" ? answer.categoryId : "new";
  const householdId = useAppShell().household.id;
  return (
    <fetcher.Form
      method="post"
      action={categoriesAction}
      className="flex flex-col gap-4 rounded-lg border p-4"
      noValidate
      key={created}
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="householdId" value={householdId} />
      <h3 className="text-sm font-semibold">{t("categories.newTitle")}</h3>
      <FormError message={premiumKey(errors.form)} />
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>{t("categories.name")}</Label>
          <Input
            id={`${id}-name`}
            name="name"
            maxLength={categoryNameMaxLength}
            autoComplete="off"
            required
            aria-invalid={errors.name ? true : undefined}
            placeholder={t("categories.namePlaceholder")}
          />
          <FieldError message={premiumKey(errors.name)} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t("categories.kind")}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-secondary p-1">
            {(["expense", "income"] as const).map((kind) => (
              <label key={kind} className={cn(segmentClass, "h-8 px-3")}>
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  defaultChecked={kind === "expense"}
                  className="peer sr-only"
                />
                <SegmentCheck />
                {t(`categories.kinds.${kind}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <AppearanceFields color={categoryColors[0]} icon="shapes" errors={errors} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          <PlusIcon aria-hidden="true" />
          {t("categories.create")}
        </Button>
        {answer?.ok && answer.intent === "create" && (
          <p className="text-sm font-medium text-success" role="status">
            {t("categories.created")}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}

function CategoryRow({ category, canEdit }: { category: CustomCategoryView; canEdit: boolean }) {
  const { t } = useTranslation("premium");
  const fetcher = useFetcher<CategoriesResult>();
  const [editing, setEditing] = useState(false);
  const id = useId();
  const answer = fetcher.data;
  const conflict = useRowConflict(answer, category.version);
  const inConflict = conflict.current !== undefined || conflict.gone;
  const errors =
    answer && !answer.ok && !inConflict && !answer.fieldErrors.form?.startsWith("conflict.") ? answer.fieldErrors : {};
  const saved = answer?.ok && answer.intent === "update";
  const householdId = useAppShell().household.id;
  return (
    <li className="flex flex-col gap-3 px-4 py-3" data-category={category.name}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <CategoryIcon icon={category.icon} color={category.color} />
          <div className="min-w-0">
            <p className={cn("truncate text-sm font-medium", category.archived && "text-muted-foreground")}>
              {category.name}
            </p>
            <p className="text-xs text-muted-foreground">
              {t(`categories.kinds.${category.kind}`)} · {t("categories.entries", { number: category.entries })}
            </p>
          </div>
          {category.archived && <Badge variant="outline">{t("categories.archived")}</Badge>}
        </div>
        {canEdit && (
          <div className="flex items-center gap-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setEditing((open) => !open)}
              aria-expanded={editing}
              aria-controls={`${id}-edit`}
            >
              <PencilIcon aria-hidden="true" />
              {t("categories.edit")}
              <span className="sr-only">: {category.name}</span>
            </Button>
            <fetcher.Form method="post" action={categoriesAction}>
              <input type="hidden" name="intent" value={category.archived ? "restore" : "archive"} />
              <input type="hidden" name="householdId" value={householdId} />
              <input type="hidden" name="categoryId" value={category.id} />
              <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
                {category.archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
                {t(category.archived ? "categories.restore" : "categories.archive")}
                <span className="sr-only">: {category.name}</span>
              </Button>
            </fetcher.Form>
          </div>
        )}
      </div>
      {!editing && <FormError message={premiumKey(errors.form)} />}
      {canEdit && editing && (
        <fetcher.Form
          id={`${id}-edit`}
          method="post"
          action={categoriesAction}
          className="flex flex-col gap-4 rounded-lg bg-muted/50 p-4"
          noValidate
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="householdId" value={householdId} />
          <input type="hidden" name="categoryId" value={category.id} />
          <VersionInput version={category.version} conflict={conflict.current !== undefined} />
          <FormError message={premiumKey(errors.form)} />
          {/* A new version (their save or ours) brings the fields back to the category as it is now. */}
          <div key={category.version} className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-name`}>{t("categories.name")}</Label>
              <Input
                id={`${id}-name`}
                name="name"
                defaultValue={category.name}
                maxLength={categoryNameMaxLength}
                required
                aria-invalid={errors.name ? true : undefined}
              />
              <FieldError message={premiumKey(errors.name)} />
            </div>
            <AppearanceFields color={category.color} icon={category.icon} errors={errors} />
          </div>
          {inConflict && (
            <ConflictNotice
              gone={conflict.gone}
              version={conflict.current?.version}
              values={
                conflict.current && [
                  { label: t("categories.name"), value: conflict.current.name },
                  {
                    label: t("categories.icon"),
                    value: isCategoryIcon(conflict.current.icon)
                      ? t(`categories.icons.${conflict.current.icon}`)
                      : conflict.current.icon,
                  },
                ]
              }
            />
          )}
          <div className={cn("flex flex-wrap items-center gap-3", inConflict && "hidden")}>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("categories.save")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
              {t("categories.close")}
            </Button>
            {saved && (
              <p className="text-sm font-medium text-success" role="status">
                {t("categories.saved")}
              </p>
            )}
          </div>
        </fetcher.Form>
      )}
    </li>
  );
}

/**
 * The household's own categories in Settings (premium): create, rename, recolour, change the icon, archive and
 * bring back. Names are shown exactly as typed. After a downgrade the list stays visible, read-only, behind the gate.
 */
export function CustomCategoriesSection({ data, result }: { data: CustomCategoriesData; result?: CategoriesResult }) {
  const { t } = useTranslation("premium");
  return (
    <Card id="categories" data-section="categories">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold leading-tight tracking-tight">
          <PaletteIcon aria-hidden="true" className="size-4 text-primary" />
          {t("categories.title")}
        </h2>
        <CardDescription>{data.role === "owner" ? t("categories.text") : t("categories.partnerText")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!data.premium && data.role === "owner" && <PremiumGate feature="customCategories" allowed={false} compact />}
        {data.canEdit && <CreateForm result={result} />}
        {data.categories.length > 0 ? (
          <ul className="divide-y rounded-lg border" aria-label={t("categories.listLabel")}>
            {data.categories.map((category) => (
              <CategoryRow key={category.id} category={category} canEdit={data.canEdit} />
            ))}
          </ul>
        ) : (
          data.premium && <p className="text-sm text-muted-foreground">{t("categories.empty")}</p>
        )}
      </CardContent>
    </Card>
  );
}
