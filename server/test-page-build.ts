import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type Component = Parameters<typeof UNSAFE_withComponentProps>[0];

const appDirectory = path.resolve(import.meta.dirname, "../app");

/** What React Router's Vite plugin does to every route module: components receive loaderData, params, error… as props. */
function withRouteProps(module: RouteModule): RouteModule {
  const wrapped: Record<string, unknown> = { ...module };
  if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default as Component);
  if (module.ErrorBoundary)
    wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(
      module.ErrorBoundary as unknown as Parameters<typeof UNSAFE_withErrorBoundaryProps>[0],
    );
  if (module.HydrateFallback)
    wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(
      module.HydrateFallback as unknown as Parameters<typeof UNSAFE_withHydrateFallbackProps>[0],
    );
  return wrapped as unknown as RouteModule;
}

/**
 * The React Router server build, assembled in the test's own module graph from app/routes.ts: the same route
 * modules, entry.server and root as the real build (so loaders, actions, .data answers, error boundaries and
 * server rendering all run), with a stand-in browser manifest because no client bundle exists under Vitest.
 * Use it as the factory of `vi.mock("virtual:react-router/server-build", …)` in a test that needs real pages.
 */
export async function pageServerBuild(): Promise<ServerBuild> {
  const routeConfig = (await import("~/routes")).default;
  const root = withRouteProps((await import("~/root")) as unknown as RouteModule);
  const entryServer = (await import("~/entry.server")) as unknown as ServerBuild["entry"]["module"];

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
    const module = withRouteProps(
      (await import(/* @vite-ignore */ path.join(appDirectory, route.file))) as RouteModule,
    );
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
    const module = route.module as unknown as Record<string, unknown>;
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
