import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/**
 * A route module as its file exports it: the components take the props React Router's Vite plugin hands them
 * (loaderData, params, error…), where the built module's components take none.
 */
type RouteFileModule = Omit<RouteModule, "default" | "ErrorBoundary" | "HydrateFallback"> & {
  default?: Parameters<typeof UNSAFE_withComponentProps>[0];
  ErrorBoundary?: Parameters<typeof UNSAFE_withErrorBoundaryProps>[0];
  HydrateFallback?: Parameters<typeof UNSAFE_withHydrateFallbackProps>[0];
};

const appDirectory = path.resolve(import.meta.dirname, "../app");

/** What React Router's Vite plugin does to every route module: components receive loaderData, params, error… as props. */
function withRouteProps({ default: component, ErrorBoundary, HydrateFallback, ...rest }: RouteFileModule): RouteModule {
  const wrapped = {
    ...rest,
    ...(ErrorBoundary && { ErrorBoundary: UNSAFE_withErrorBoundaryProps(ErrorBoundary) }),
    ...(HydrateFallback && { HydrateFallback: UNSAFE_withHydrateFallbackProps(HydrateFallback) }),
  };
  if (component) return { ...wrapped, default: UNSAFE_withComponentProps(component) };
  // A resource route exports no component, and React Router's own build leaves `default` out too: its type requires one.
  return wrapped as RouteModule;
}

/**
 * The React Router server build, assembled in the test's own module graph from app/routes.ts: the same route
 * modules, entry.server and root as the real build (so loaders, actions, .data answers, error boundaries and
 * server rendering all run), with a stand-in browser manifest because no client bundle exists under Vitest.
 * Use it as the factory of `vi.mock("virtual:react-router/server-build", …)` in a test that needs real pages.
 */
export async function pageServerBuild(): Promise<ServerBuild> {
  const routeConfig = (await import("~/routes")).default;
  const root = withRouteProps(await import("~/root"));
  const entryServer: ServerBuild["entry"]["module"] = await import("~/entry.server");

  const flat: {
    id: string;
    parentId: string;
    file: string;
    path?: string;
    index?: boolean;
    caseSensitive?: boolean;
  }[] = [];
  const walk = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");
      flat.push({
        id,
        parentId,
        file: entry.file,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
      });
      if (entry.children) walk(entry.children, id);
    }
  };
  walk(routeConfig, "root");

  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: root } };
  for (const route of flat) {
    const file: RouteFileModule = await import(/* @vite-ignore */ path.join(appDirectory, route.file));
    const module = withRouteProps(file);
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module,
    };
  }

  const manifestRoutes: ServerBuild["assets"]["routes"] = {};
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { module } = route;
    manifestRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: `/assets/${route.id}.js`,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: "ErrorBoundary" in module,
      imports: [],
      css: [],
    };
  }

  return {
    entry: { module: entryServer },
    routes,
    assets: {
      version: "test",
      url: "/assets/manifest-test.js",
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
    unstable_getCriticalCss: undefined,
  };
}
