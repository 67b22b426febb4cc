import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Routes of this area; app/routes.ts places them inside the shared site layout. Paths are relative to app/. */
export const marketingRoutes: RouteConfigEntry[] = [
  index("routes/marketing/home.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
];
