/**
 * A kept public page rearranged so that the phone paints it from the HTML alone (decision 0014). As React Router
 * renders it, a page waits for its stylesheet (a second request, made once the HTML is in) while a dozen modulepreloads
 * at high priority share the same slow connection, although no script is needed to paint it: Lighthouse's simulated
 * phone painted at 1.9–2.4 s. Here the stylesheet goes into the page, and the scripts are asked for once the page has
 * been painted. The browser's code sees neither change: the root route leaves out the link of a stylesheet the page
 * carries (app/root.tsx), and React adopts the modulepreload links the deferred loader puts into the head. A page not
 * in the shape these functions expect is left as it is.
 */

/** Names the stylesheet a `<style>` holds; the root route looks for it (app/root.tsx). */
export const inlinedStylesheetAttribute = "data-inlined-stylesheet";

const stylesheetLink = /<link\s[^>]*\brel="stylesheet"[^>]*>/g;
const modulepreloadLink = /<link\s[^>]*\brel="modulepreload"[^>]*>/g;

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Every `<link rel="stylesheet">` whose file `read` knows, replaced by a `<style>` with the file's text (and the link's
 * nonce, should the policy ever stop allowing inline styles). A text that could end the element early stays linked.
 */
export function inlineStylesheets(html: string, read: (href: string) => string | undefined): string {
  return html.replace(stylesheetLink, (tag) => {
    const href = attribute(tag, "href");
    const css = href === undefined || attribute(tag, "media") !== undefined ? undefined : read(href);
    if (href === undefined || css === undefined || /<\/style/i.test(css)) return tag;
    const nonce = attribute(tag, "nonce");
    return `<style${nonce === undefined ? "" : ` nonce="${nonce}"`} ${inlinedStylesheetAttribute}="${href}">${css}</style>`;
  });
}

/** React Router's module script: it imports the matched routes' modules, then the browser entry that hydrates. */
const routeModulesScript =
  /(<script\s[^>]*\btype="module"[^>]*>)([^<]*window\.__reactRouterRouteModules[^<]*)(<\/script>)/;
const staticImport = /\bimport\s*(?:\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*)?("x*")\s*;?/g;

/** The script with every string literal's contents blanked out, same length, so only code is searched. */
function codeOnly(script: string): string {
  return script.replace(/"(?:[^"\\\n]|\\.)*"/g, (literal) => `"${"x".repeat(literal.length - 2)}"`);
}

/**
 * The page without its modulepreload links, and React Router's module script changed to begin once the page has been
 * painted: it waits for a frame, puts the same modulepreload links into the head (so the modules still arrive in
 * parallel, not one import level after another), imports what the script imported statically (static imports are
 * hoisted, so importing them first changes no order), then runs the rest of the script as before: the routes' table,
 * then the browser entry. Left as it is when the script is not found in that form, or its preloads carry integrity or
 * cross-origin attributes this loader would drop.
 */
export function deferScriptsUntilPainted(html: string): string {
  const script = routeModulesScript.exec(html);
  if (!script) return html;
  const [whole, open = "", body = "", close = ""] = script;
  const code = codeOnly(body);
  const imports: { name: string | undefined; specifier: string }[] = [];
  let rest = "";
  let last = 0;
  for (const match of code.matchAll(staticImport)) {
    const quoted = body.slice(match.index + match[0].indexOf('"'), match.index + match[0].lastIndexOf('"') + 1);
    imports.push({ name: match[1], specifier: quoted });
    rest += body.slice(last, match.index);
    last = match.index + match[0].length;
  }
  rest += body.slice(last);
  // Any other import form (named, default) would need more than this loader knows.
  if (imports.length === 0 || /\bimport\s*[^(\s]/.test(codeOnly(rest))) return html;

  const preloadTags = html.match(modulepreloadLink) ?? [];
  if (preloadTags.some((tag) => /\s(?:integrity|crossorigin)=/i.test(tag)) || /\brr-importmap\b/.test(html))
    return html;
  const preloads = [...new Set(preloadTags.map((tag) => attribute(tag, "href")).filter((href) => href !== undefined))];

  const loader = [
    // A tab in the background paints nothing: it loads at once, as before.
    `await new Promise((painted) => (document.visibilityState === "hidden" ? painted() : requestAnimationFrame(() => setTimeout(painted))));`,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map(({ name }) => name ?? "").join(", ")}] = await Promise.all([${imports.map(({ specifier }) => `import(${specifier})`).join(", ")}]);`,
    rest.replace(/^[\s;]+/, ""),
  ].join("\n");
  const before = html.slice(0, script.index).replace(modulepreloadLink, "");
  const after = html.slice(script.index + whole.length).replace(modulepreloadLink, "");
  return before + open + loader + close + after;
}

/** Both rearrangements; `readStylesheet` gives the text of one of the build's stylesheets by its address. */
export function paintFirst(html: string, readStylesheet: (href: string) => string | undefined): string {
  return deferScriptsUntilPainted(inlineStylesheets(html, readStylesheet));
}
