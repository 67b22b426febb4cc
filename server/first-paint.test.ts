import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deferScriptsUntilPainted, inlinedStylesheetAttribute, inlineStylesheets, paintFirst } from "./first-paint";

const nonce = "PLACEHOLDERPLACEHOLDER==";

// The shape React Router 8 and React 19 render a page in (abridged): preloads hoisted into the head, the root's links,
// then, at the end of the body, the context script and the module script that imports the routes and the entry.
const routeModules = `;
import * as route0 from "/assets/root-a.js";
import * as route1 from "/assets/layout-b.js";
import * as route2 from "/assets/home-c.js";
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-d.js", "imports": ["/assets/framework-e.js"], "css": [] },
  "routes": { "routes/app/import": { "id": "routes/app/import", "path": "import", "module": "/assets/import-f.js" } },
  "url": "/assets/manifest-g.js"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/marketing/layout":route1,"routes/marketing/home":route2};

import("/assets/entry.client-d.js");`;

const page = [
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>`,
  `<link nonce="${nonce}" rel="icon" href="/favicon.svg" type="image/svg+xml"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-d.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/framework-e.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/root-a.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/framework-e.js" nonce="${nonce}"/>`,
  `<link nonce="${nonce}" rel="stylesheet" href="/assets/app-h.css"/></head>`,
  `<body><main><h1>Calm budgeting</h1></main>`,
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">${routeModules}</script>`,
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`,
].join("");

const css = "body{margin:0}.p-4{padding:1rem}";
const read = (href: string) => (href === "/assets/app-h.css" ? css : undefined);
const moduleScript = (html: string) => /<script[^>]*type="module"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? "";

describe("inlining the stylesheet", () => {
  it("replaces the build's stylesheet link by its text, with the link's nonce, and leaves other links alone", () => {
    const html = inlineStylesheets(page, read);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      `<style nonce="${nonce}" ${inlinedStylesheetAttribute}="/assets/app-h.css">${css}</style></head>`,
    );
    expect(html).toContain('rel="icon"');
  });

  it("keeps the link when the file is unknown, is for one medium only, or could end the style element early", () => {
    expect(inlineStylesheets(page, () => undefined)).toBe(page);
    expect(inlineStylesheets(page, () => "a::after{content:'</style><script>'}")).toBe(page);
    const printOnly = page.replace('rel="stylesheet"', 'rel="stylesheet" media="print"');
    expect(inlineStylesheets(printOnly, read)).toBe(printOnly);
  });

  it("is what the root route looks for to leave out its link (app/root.tsx)", () => {
    const root = fs.readFileSync(path.resolve(import.meta.dirname, "../app/root.tsx"), "utf8");
    expect(root).toContain(`style[${inlinedStylesheetAttribute}=`);
  });
});

describe("asking for the scripts once the page is painted", () => {
  const html = deferScriptsUntilPainted(page);
  const script = moduleScript(html);

  it("drops every modulepreload link from the HTML", () => {
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
  });

  it("waits for a painted frame, then preloads the same modules, each once, before importing anything", () => {
    const waits = script.indexOf("requestAnimationFrame");
    const preloads = script.indexOf('rel: "modulepreload"');
    const imports = script.indexOf("import(");
    expect(waits).toBeGreaterThan(-1);
    expect(waits).toBeLessThan(preloads);
    expect(preloads).toBeLessThan(imports);
    expect(script).toContain('["/assets/entry.client-d.js","/assets/framework-e.js","/assets/root-a.js"]');
  });

  it("imports the same modules under the same names, with no static import left, and runs the rest unchanged", () => {
    expect(script).toContain(
      'const [route0, route1, route2] = await Promise.all([import("/assets/root-a.js"), import("/assets/layout-b.js"), import("/assets/home-c.js")]);',
    );
    expect(script).not.toMatch(/import\s*\*|import\s+"/);
    // The manifest's strings ("imports", a route whose path is "import") are data, not statements.
    expect(script).toContain('"path": "import"');
    expect(script).toContain(routeModules.slice(routeModules.indexOf("window.__reactRouterManifest")));
    expect(script.trimEnd().endsWith('import("/assets/entry.client-d.js");')).toBe(true);
  });

  it("runs as a module script would: the routes' table is set before the entry is imported", async () => {
    const loaded: string[] = [];
    const appended: string[] = [];
    const window: Record<string, unknown> = {};
    const document = {
      visibilityState: "visible",
      head: { append: (link: { href: string }) => appended.push(link.href) },
      createElement: () => ({}),
    };
    const requestAnimationFrame = (callback: () => void) => setTimeout(callback, 0);
    const load = async (specifier: string) => {
      loaded.push(specifier);
      if (specifier.includes("entry.client"))
        expect(Object.keys(window.__reactRouterRouteModules as object)).toHaveLength(3);
      return { specifier };
    };
    const run = new Function(
      "window",
      "document",
      "requestAnimationFrame",
      "load",
      `return (async () => { ${script.replaceAll("import(", "load(")} })();`,
    );
    await run(window, document, requestAnimationFrame, load);
    expect(appended).toEqual(["/assets/entry.client-d.js", "/assets/framework-e.js", "/assets/root-a.js"]);
    expect(loaded).toEqual([
      "/assets/root-a.js",
      "/assets/layout-b.js",
      "/assets/home-c.js",
      "/assets/entry.client-d.js",
    ]);
    expect((window.__reactRouterRouteModules as Record<string, { specifier: string }>).root).toEqual({
      specifier: "/assets/root-a.js",
    });
  });

  it("keeps the nonce of the module script, and every other script as it was", () => {
    expect(html).toContain(`<script nonce="${nonce}" type="module" async="">await new Promise`);
    expect(html).toContain(`<script nonce="${nonce}">window.__reactRouterContext = {};</script>`);
    expect(html).toContain(`<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`);
  });

  it("leaves a page it does not recognise as it is", () => {
    const withoutScript = page.replace(/<script[^>]*type="module"[^>]*>[^<]*<\/script>/, "");
    expect(deferScriptsUntilPainted(withoutScript)).toBe(withoutScript);
    const namedImport = page.replace(
      'import * as route2 from "/assets/home-c.js";',
      'import * as route2 from "/assets/home-c.js";\nimport { x } from "/assets/x.js";',
    );
    expect(deferScriptsUntilPainted(namedImport)).toBe(namedImport);
    const withIntegrity = page.replace('href="/assets/root-a.js"', 'href="/assets/root-a.js" integrity="sha384-abc"');
    expect(deferScriptsUntilPainted(withIntegrity)).toBe(withIntegrity);
  });
});

describe("both together", () => {
  it("leaves a page whose first paint needs nothing but its HTML", () => {
    const html = paintFirst(page, read);
    expect(html).not.toMatch(/<link[^>]*rel="(?:stylesheet|modulepreload)"/);
    expect(html).toContain(`<h1>Calm budgeting</h1>`);
    // Every place the nonce was is still there but the dropped preloads: the page cache fills each per answer.
    expect(html.split(nonce).length - 1).toBe(page.split(nonce).length - 1 - 4);
  });
});
