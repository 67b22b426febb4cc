import { data } from "react-router";
import { z } from "zod";
import type { Language } from "~/domain/languages";
import { getOptionalUser } from "~/features/auth/session.server";
import { postedIntent, readForm } from "~/features/platform/forms.server";
import { createArticle } from "./create-article.server";
import { requestArticleTranslation } from "./request-translation.server";
import { translateAllMissing } from "./translate-all.server";

const blogListIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("translate") }),
  z.object({ intent: z.literal("translate-all") }),
]);

/**
 * The blog list's form posts: create an article, translate one, translate every missing one. Each answer names its
 * intent, so the list's fetchers (typed from this function: `useFetcher<typeof blogListAction>`) tell them apart.
 */
export async function blogListAction({
  request,
  language,
  clientIp,
}: {
  request: Request;
  language: Language;
  clientIp: string;
}) {
  const user = await getOptionalUser(request);
  const read = await readForm(request);
  // The spec's "Error creating article" toast, with the reason in the reader's language.
  if (!read.ok)
    return data({ intent: "create", ok: false, error: `common:badInput.${read.code}` } as const, {
      status: read.status,
    });
  const { form, values } = read;
  const posted = postedIntent(values, blogListIntents);
  if (!posted)
    return data({ intent: "create", ok: false, error: "editor.errors.unexpected" } as const, { status: 400 });

  switch (posted.intent) {
    case "create": {
      const input = Object.fromEntries(
        ["authorName", "title", "excerpt", "content"].map((name) => [name, String(form.get(name) ?? "")]),
      );
      const result = await createArticle({ userId: user?.id, language, input });
      if (result.ok) return data({ intent: "create", ok: true, slug: result.article.slug } as const);
      if (result.reason === "forbidden")
        return data({ intent: "create", ok: false, error: "editor.errors.forbidden" } as const, { status: 403 });
      return data(
        { intent: "create", ok: false, error: "editor.errors.invalid", fieldErrors: result.fieldErrors } as const,
        { status: 400 },
      );
    }

    case "translate": {
      const articleId = String(form.get("articleId") ?? "");
      const result = await requestArticleTranslation({
        articleId,
        targetLanguage: language,
        userId: user?.id,
        clientIp,
      });
      // The article's id comes back so that a form posted before the page hydrated finds its card on the new page.
      return data({ intent: "translate", articleId, result } as const);
    }

    case "translate-all": {
      const result = await translateAllMissing({ userId: user?.id });
      if (result.ok)
        return data({ intent: "translate-all", ok: true, batchId: result.batchId, total: result.total } as const);
      return data(
        {
          intent: "translate-all",
          ok: false,
          reason: result.reason,
          error: result.reason === "error" ? result.error : undefined,
        } as const,
        { status: result.reason === "forbidden" ? 403 : 200 },
      );
    }
  }
}
