import type { Route } from "./+types/sitemap-xml";
import { publicUrl } from "~/config.server";
import { listBlogSitemapEntries } from "~/features/blog/sitemap.server";
import { buildSitemapXml, marketingSitemapEntries } from "~/features/marketing/sitemap.server";
import { requestStoreContext } from "~/lib/request-store.server";

/** Every area whose pages belong in the sitemap, named here rather than registered at start-up. */
const sources = {
  marketing: () => marketingSitemapEntries,
  blog: listBlogSitemapEntries,
};

export async function loader({ context }: Route.LoaderArgs) {
  const xml = await buildSitemapXml({ siteUrl: publicUrl(), sources, log: context.get(requestStoreContext).log });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
