import LoaderCircleIcon from "lucide-react/icons/loader-circle";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { tDynamic } from "~/i18n/translator";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/components/ui/toast";
import type { Language } from "~/domain/languages";
import type { blogListAction } from "../blog-actions.server";
import { articleLimits } from "../article-limits";
import type { NewArticleField } from "../blog.schema";
import { languageDisplayName } from "../blog-format";

interface ArticleEditorProps {
  language: Language;
  onClose(): void;
}

/** The creators' editor (spec: author, title, excerpt 4 rows, content 12 rows); publishes in the page's language. */
export function ArticleEditor({ language, onClose }: ArticleEditorProps) {
  const { t } = useTranslation("blog");
  const fetcher = useFetcher<typeof blogListAction>({ key: "create-article" });
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const publishing = fetcher.state !== "idle";
  const data = fetcher.data?.intent === "create" ? fetcher.data : undefined;
  const fieldErrors = data && "fieldErrors" in data ? data.fieldErrors : {};
  const handled = useRef<typeof data>(undefined);

  useEffect(() => {
    if (!data || fetcher.state !== "idle" || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      showToast({ title: t("editor.success"), description: t("editor.successDescription") });
      formRef.current?.reset();
      onClose();
    } else {
      showToast({ variant: "destructive", title: t("editor.error"), description: t(data.error) });
    }
  }, [data, fetcher.state, onClose, t]);

  function field(name: NewArticleField) {
    const error = fieldErrors[name];
    return {
      id: `${id}-${name}`,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${name}-error` : undefined,
    };
  }

  function errorText(name: NewArticleField) {
    const error = fieldErrors[name];
    return error ? (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {tDynamic(t, error)}
      </p>
    ) : null;
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8"
      data-testid="article-editor"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
        {t("editor.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("editor.description", { language: languageDisplayName(language, language) })}
      </p>
      <fetcher.Form ref={formRef} method="post" className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="create" />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-authorName`}>{t("editor.fields.authorName")}</Label>
          <Input
            {...field("authorName")}
            required
            maxLength={articleLimits.authorName}
            autoComplete="name"
            placeholder={t("editor.placeholders.authorName")}
          />
          {errorText("authorName")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>{t("editor.fields.title")}</Label>
          <Input
            {...field("title")}
            required
            maxLength={articleLimits.title}
            placeholder={t("editor.placeholders.title")}
          />
          {errorText("title")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-excerpt`}>{t("editor.fields.excerpt")}</Label>
          <Textarea
            {...field("excerpt")}
            rows={4}
            maxLength={articleLimits.excerpt}
            placeholder={t("editor.placeholders.excerpt")}
          />
          {errorText("excerpt")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-content`}>{t("editor.fields.content")}</Label>
          <Textarea
            {...field("content")}
            rows={12}
            required
            maxLength={articleLimits.content}
            placeholder={t("editor.placeholders.content")}
          />
          {errorText("content")}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={publishing}>
            {t("editor.cancel")}
          </Button>
          <Button type="submit" disabled={publishing}>
            {publishing && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            {publishing ? t("editor.publishing") : t("editor.publish")}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
