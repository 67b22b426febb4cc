import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("*", "routes/marketing/not-found.tsx"),
  ]),
] satisfies RouteConfig;
