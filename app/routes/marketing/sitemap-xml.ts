import type { Route } from "./+types/sitemap-xml";
import { publicUrl } from "~/config.server";
import { buildSitemapXml } from "~/features/marketing/sitemap.server";
import { requestInfoContext } from "~/lib/request-context";

export async function loader({ context }: Route.LoaderArgs) {
  const xml = await buildSitemapXml({ siteUrl: publicUrl(), log: context.get(requestInfoContext).log });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
