import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Routes of this area; app/routes.ts places them. English blog paths carry no language prefix;
 * the same modules serve /:lang/… for the other seven (and redirect /en/…, 404 an unknown prefix).
 */
export const blogRoutes: RouteConfigEntry[] = [
  route("blog", "routes/blog/list.tsx", { id: "blog-list" }),
  route("blog/rss.xml", "routes/blog/rss.ts", { id: "blog-rss" }),
  route("blog/translation-jobs/:batchId", "routes/blog/translation-jobs.ts"),
  route("blog/:slug", "routes/blog/article.tsx", { id: "blog-article" }),
  route(":lang/blog", "routes/blog/list.tsx", { id: "blog-list-lang" }),
  route(":lang/blog/rss.xml", "routes/blog/rss.ts", { id: "blog-rss-lang" }),
  route(":lang/blog/:slug", "routes/blog/article.tsx", { id: "blog-article-lang" }),
];
