import { publicUrl } from "~/config.server";
import { buildRobotsTxt } from "~/features/marketing/sitemap.server";

export function loader() {
  return new Response(buildRobotsTxt({ siteUrl: publicUrl() }), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
