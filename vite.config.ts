import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { noImportCycles } from "./scripts/chunk-cycles-plugin.ts";
import { compactIcons } from "./scripts/compact-icons-plugin.ts";
import { translationChunks } from "./scripts/translation-chunks-plugin.ts";

const packages = (...names: string[]) => new RegExp(`node_modules[\\\\/](?:${names.join("|")})[\\\\/]`);
const frameworkPackages = packages(
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "clsx",
  "class-variance-authority",
);
/**
 * Lucide's factory and helpers, not its icons: each page takes only the icons it draws. In the build the icons are
 * drawn by our compact factory instead (scripts/compact-icons-plugin.ts), which goes with them.
 */
const lucideFactory =
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|[\\/]app[\\/]components[\\/]ui[\\/]compact-icon\.tsx$/;
const radixInternals = packages(
  "@radix-ui[\\\\/](?:primitive|react-(?:context|presence|collection|id|direction|primitive|use-[\\\\w-]+))",
);
const ownCode = /^(?!.*node_modules).*[\\/]app[\\/]/;
/** The modules every page loads: the browser entry and the root route. */
const everyPage = /[\\/]app[\\/](?:root|entry\.client)\.tsx/;
const siteShell = /[\\/]app[\\/]components[\\/]layout[\\/]/;
const marketingPieces = /[\\/]app[\\/]features[\\/]marketing[\\/]/;
/** Public pages' own modules: the shell, the marketing pieces and routes. */
const publicSite = /[\\/]app[\\/](?:components[\\/]layout|features[\\/]marketing|routes[\\/]marketing)[\\/]/;
/** One Lucide icon (imported one by one, `lucide-react/icons/<name>`, so the chunker sees who uses each). */
const lucideIcon = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** The budget tool's routes: everything under /app. */
const budgetToolRoutes = /[\\/]app[\\/]routes[\\/]app[\\/]/;
const budgetToolLayout = /[\\/]app[\\/]routes[\\/]app[\\/]layout\.tsx$/;
/** The public demo of the dashboard, which draws the budget tool's shell. */
const dashboardDemo = /[\\/]app[\\/]routes[\\/]marketing[\\/]dashboard-demo\.tsx$/;
/** The modules every page loads, and every route but the budget tool's and the demo. */
const everyOtherPage =
  /[\\/]app[\\/](?:root|entry\.client)\.tsx|[\\/]app[\\/]routes[\\/](?!app[\\/]|marketing[\\/]dashboard-demo\.tsx)/;

interface Importers {
  importers: string[];
  dynamicImporters: string[];
}
type Graph = { getModuleInfo(id: string): Importers | null };
type Matcher = RegExp | ((id: string, ctx: Graph) => boolean);

/**
 * Whether a module `from` matches imports `id`, directly or through other imports: static ones only, or lazy ones
 * too (`lazily`).
 */
function imported(from: Matcher, id: string, ctx: Graph, { lazily = false } = {}): boolean {
  const matches = typeof from === "function" ? (next: string) => from(next, ctx) : (next: string) => from.test(next);
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (matches(next)) return next !== id;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    pending.push(...(info?.importers ?? []), ...(lazily ? (info?.dynamicImporters ?? []) : []));
  }
  return false;
}

/**
 * A chunk group that takes what its modules import statically too (what rolldown's `includeDependenciesRecursively`
 * does, which is off here for the budget tool's shell, see below): modules a group of higher priority took stay there.
 */
function withDependencies(name: string, root: (id: string, ctx: Graph) => boolean) {
  return (id: string, ctx: Graph) => (root(id, ctx) || imported(root, id, ctx) ? name : null);
}

/** The public shell, and the marketing pieces more than one page uses. */
function siteModule(id: string, ctx: Graph): boolean {
  const users = ctx.getModuleInfo(id)?.importers ?? [];
  // A module nothing imports statically is loaded lazily, when a page needs it: never with the shell.
  if ((siteShell.test(id) && users.length > 0) || (marketingPieces.test(id) && users.length > 1)) return true;
  // An icon the public pages share with others travels with the shell (which /app loads too) instead of in a file of
  // a few hundred bytes of its own.
  return lucideIcon.test(id) && users.length > 1 && users.every((user) => publicSite.test(user));
}

/**
 * The file for an icon that only the budget tool draws ("tool-icons"), or only the tool and its public demo
 * ("shell-icons", every one of which the demo draws, so it loads none it does not need). An icon another page reaches,
 * even through a lazily loaded piece, keeps its own small file: that page would otherwise fetch the tool's icons.
 */
function budgetToolIcons(id: string, ctx: Graph): string | null {
  if (!lucideIcon.test(id) || imported(everyOtherPage, id, ctx, { lazily: true })) return null;
  if (imported(dashboardDemo, id, ctx, { lazily: true })) return "shell-icons";
  return imported(budgetToolRoutes, id, ctx, { lazily: true }) ? "tool-icons" : null;
}

/**
 * "tool-shell": what the budget tool's layout imports and no other page reaches (not the demo either, even lazily),
 * loaded by every page of the tool, in one file instead of some thirty. Without what it imports from elsewhere, which
 * stays where the pages that share it load it (a public page would otherwise load the tool's shell for one helper):
 * so the browser's build includes no group's dependencies but the ones `withDependencies` names, which rolldown allows
 * only if a route's chunk may export more than React Router reads. Import cycles cannot form: a module another page
 * reaches never imports one of these, or that page would reach it too. The server's build keeps its chunks.
 */
function budgetToolShell(): Plugin {
  const shell = (id: string, ctx: Graph) =>
    imported(budgetToolLayout, id, ctx) &&
    !imported(everyOtherPage, id, ctx, { lazily: true }) &&
    !imported(dashboardDemo, id, ctx, { lazily: true })
      ? "tool-shell"
      : null;
  return {
    name: "samen:budget-tool-shell",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
    outputOptions(output) {
      const splitting = typeof output.codeSplitting === "object" ? output.codeSplitting : {};
      return {
        ...output,
        codeSplitting: {
          ...splitting,
          includeDependenciesRecursively: false,
          groups: [...(splitting.groups ?? []), { name: shell, priority: 1 }],
        },
      };
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Development only (the build never reads it): the browser's dependencies, pre-bundled once at start-up. With
  // discovery, a first run found them one page at a time and reloaded every open page each time (and bundled server
  // packages such as pg, pino and better-auth for the browser, which React Router's development CSS lookup exposed).
  // A package the browser newly imports belongs in this list: without it Vite serves the package's files one by one,
  // which is slow and breaks for CommonJS packages.
  optimizeDeps: {
    noDiscovery: true,
    include: [
      "class-variance-authority",
      "clsx",
      "lucide-react",
      "@radix-ui/react-dialog",
      "@radix-ui/react-dropdown-menu",
      "@radix-ui/react-label",
      "@radix-ui/react-progress",
      "sonner",
      "zod",
    ],
  },
  server: {
    // Test reports, builds and the local data folder are not sources: a trace or a screenshot written there while the
    // development server runs would otherwise reload every open page.
    watch: {
      ignored: ["**/test-results*/**", "**/playwright-report*/**", "**/build/**", "**/build-*/**", "**/.data*/**"],
    },
  },
  // Bundled into the server build, not imported from node_modules, so its icons draw as compact as the browser's
  // (scripts/compact-icons-plugin.ts).
  ssr: { noExternal: ["lucide-react"] },
  // The server bundle's entry is our Express app, so pages, API and start-up share one module graph.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  build: {
    rolldownOptions: {
      output: {
        // Chunks by package and by folder or import graph, never by file name, so renaming or moving a file keeps
        // it in its chunk. "framework": what every page runs before it can hydrate (React, React Router, the class
        // helpers, Lucide's icon factory, and whatever the root route and the browser entry import). One file
        // compresses better and costs one set of headers; a public page otherwise needs two dozen small requests.
        // "site": the public shell (app/components/layout/, with everything it imports) and the marketing pieces
        // more than one page uses. "primitives": Radix's shared internals, used by most interactive pieces.
        // Anything only imported lazily (the mobile menu's sheet, the analytics tag) stays out of both.
        codeSplitting: {
          groups: [
            {
              name: withDependencies(
                "framework",
                (id, ctx) =>
                  frameworkPackages.test(id) ||
                  lucideFactory.test(id) ||
                  (ownCode.test(id) && imported(everyPage, id, ctx)),
              ),
              priority: 3,
            },
            { name: withDependencies("site", siteModule), priority: 2 },
            // The budget tool draws its icons from the sprite; two files of them instead of one per icon keep each
            // page's list of modules (in its HTML twice: as preloads and in the route manifest) short. Icons import
            // only the factory in "framework", so these files cannot take part in an import cycle.
            { name: budgetToolIcons, priority: 2 },
            { name: withDependencies("primitives", (id) => radixInternals.test(id)), priority: 1 },
          ],
        },
      },
    },
  },
  plugins: [tailwindcss(), compactIcons(), reactRouter(), translationChunks(), budgetToolShell(), noImportCycles()],
});
