import type { Route } from "./+types/rss";
import { publicUrl } from "~/config.server";
import { resolveBlogLanguage } from "~/features/blog/blog-language.server";
import { buildBlogFeed } from "~/features/blog/rss.server";
import { requestStoreContext } from "~/lib/request-store.server";

/** /blog/rss.xml and /:lang/blog/rss.xml: the articles in that language. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = resolveBlogLanguage(request, params.lang, context.get(requestStoreContext).log);
  const feed = await buildBlogFeed({ language, origin: publicUrl() });
  return new Response(feed, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
