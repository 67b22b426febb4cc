import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Routes of this area; app/routes.ts places them inside the shared site layout. Paths are relative to app/. */
export const marketingRoutes: RouteConfigEntry[] = [
  index("routes/marketing/home.tsx"),
  route("dashboard", "routes/marketing/dashboard-demo.tsx"),
  route("features", "routes/marketing/features.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("faq", "routes/marketing/faq.tsx"),
  // The legal pages are written by the legal-pages work; they share this area's layout and routes file.
  route("privacy", "routes/marketing/privacy.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  // The language menu's links without scripts: sets the language cookie and goes back (a resource route).
  route("language/:lang", "routes/marketing/language.ts"),
  route("robots.txt", "routes/marketing/robots-txt.ts"),
  route("sitemap.xml", "routes/marketing/sitemap-xml.ts"),
  route("site.webmanifest", "routes/marketing/site-webmanifest.ts"),
];
