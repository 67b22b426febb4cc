import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { apiRoutes } from "./routes/api/routes";
import { appRoutes } from "./routes/app/routes";
import { authRoutes } from "./routes/auth/routes";
import { blogRoutes } from "./routes/blog/routes";
import { marketingRoutes } from "./routes/marketing/routes";

// Each area lists its own routes in routes/<area>/routes.ts; this file only places them.
export default [
  ...apiRoutes,
  ...appRoutes,
  layout("routes/marketing/layout.tsx", [
    ...marketingRoutes,
    ...blogRoutes,
    ...authRoutes,
    route("*", "routes/marketing/not-found.tsx"),
  ]),
] satisfies RouteConfig;
