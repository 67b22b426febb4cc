// After `react-router build`: bundles the service worker (app/features/entries/offline/service-worker.ts) into
// build/client/sw.js with the list of files it precaches and the offline page's words in every language.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { z } from "zod";

const clientDir = path.join(process.env.SAMEN_BUILD_DIR ?? "build", "client");
const languages = ["en", "nl", "de", "fr", "es", "pl", "tr", "ua"];

const routeManifestSchema = z.object({
  entry: z.object({ module: z.string(), imports: z.array(z.string()) }),
  routes: z.record(
    z.string(),
    z.object({
      id: z.string(),
      parentId: z.string().optional(),
      module: z.string(),
      imports: z.array(z.string()).optional(),
      css: z.array(z.string()).optional(),
    }),
  ),
});
type RouteManifest = z.infer<typeof routeManifestSchema>;

/** React Router's manifest of the build: each route's module and the chunks it imports. */
function routeManifest(assets: string[]): RouteManifest {
  const name = assets.find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error("no React Router manifest in the build");
  const text = fs.readFileSync(path.join(clientDir, "assets", name), "utf8");
  return routeManifestSchema.parse(JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)));
}

/** The routes whose pages the worker keeps for a signed-in person from the start: the dashboard and the add form. */
const startRoutes = ["root", "app-layout", "routes/app/dashboard", "routes/app/transaction-new"];

/**
 * What the worker precaches at install: the scripts and styles of the start routes, every stylesheet, React Router's
 * manifest, the chunks no route names (loaded on demand, such as the toasts'), the budget tool's icon sprite and the
 * icons. Other pages' chunks are kept as they are first loaded (cache first, by their hashed names), so a page
 * visited online opens offline too.
 * Precaching every chunk (2.4 MB) made the first visit to /app compete with its own install for the connection.
 */
/**
 * A namespace's translations in one language: eight languages' worth would be most of the precache, so none is
 * precached. The worker keeps the person's own with the pages it keeps for them (keepScriptsOf in service-worker.ts).
 */
const namespaces = fs.readdirSync("app/i18n/locales/en").map((file) => file.replace(/\.json$/, ""));
const isTranslation = (name: string) => namespaces.some((namespace) => name.startsWith(`${namespace}-`));

function precacheList(): { url: string; revision: string | null }[] {
  const assets = fs.readdirSync(path.join(clientDir, "assets")).sort();
  const manifest = routeManifest(assets);
  const wanted = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const named = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    const chunks = [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
    for (const chunk of chunks) named.add(chunk);
    if (startRoutes.includes(route.id)) for (const chunk of chunks) wanted.add(chunk);
  }
  const list: { url: string; revision: string | null }[] = [];
  for (const name of assets) {
    const url = `/assets/${name}`;
    const onDemand =
      name.endsWith(".js") && !named.has(url) && !/^(?:manifest|entry\.client)-/.test(name) && !isTranslation(name);
    const sprite = /^icons-[\w-]+\.svg$/.test(name);
    if (wanted.has(url) || name.endsWith(".css") || name.startsWith("manifest-") || onDemand || sprite)
      list.push({ url, revision: null });
  }
  const revision = (file: string) =>
    crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 16);
  for (const name of fs.readdirSync(path.join(clientDir, "icons")).sort())
    list.push({ url: `/icons/${name}`, revision: revision(path.join(clientDir, "icons", name)) });
  list.push({ url: "/favicon.svg", revision: revision(path.join(clientDir, "favicon.svg")) });
  return list;
}

const offlinePageSchema = z.object({
  offline: z.object({
    page: z.object({ title: z.string(), text: z.string(), add: z.string(), dashboard: z.string() }),
  }),
});

function offlineTexts(): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const language of languages) {
    const app = offlinePageSchema.parse(JSON.parse(fs.readFileSync(`app/i18n/locales/${language}/app.json`, "utf8")));
    texts[language] = app.offline.page;
  }
  return texts;
}

const precache = precacheList();
const buildId = crypto.createHash("sha256").update(JSON.stringify(precache)).digest("hex").slice(0, 12);
await build({
  entryPoints: ["app/features/entries/offline/service-worker.ts"],
  outfile: path.join(clientDir, "sw.js"),
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2022",
  alias: { "~": "./app" },
  define: {
    __PRECACHE__: JSON.stringify(precache),
    __BUILD_ID__: JSON.stringify(buildId),
    __OFFLINE_TEXTS__: JSON.stringify(offlineTexts()),
    "import.meta.env.PROD": "true",
    "process.env.NODE_ENV": '"production"',
  },
  logLevel: "warning",
});
const bytes = precache.reduce((sum, entry) => sum + fs.statSync(path.join(clientDir, entry.url)).size, 0);
console.log(`service worker: ${precache.length} files precached (${(bytes / 1024).toFixed(0)} KB), build ${buildId}`);
