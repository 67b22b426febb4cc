import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const lucideIconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
const factoryImport = "import createLucideIcon from '../createLucideIcon.mjs';";
const compactIconModule = path.resolve(import.meta.dirname, "../app/components/ui/compact-icon.tsx");
const appDirectory = path.resolve(import.meta.dirname, "../app");
const lucideIcons = path.resolve(import.meta.dirname, "../node_modules/lucide-react/dist/esm/icons");
/** How our code imports an icon: one module per icon, `lucide-react/icons/<name>`. */
const iconImport = /["']lucide-react\/icons\/([a-z0-9-]+)["']/g;

interface IconData {
  name: string;
  size: number;
  node: [string, Record<string, string>][];
}

/** An old name Lucide keeps for an icon: its module only re-exports the icon's own (`export { default } from …`). */
const aliasOf = /export \{ default \} from '\.\/([\w-]+)\.mjs';/;

/**
 * Every icon our code imports, by the file name of the module that draws it (an old name followed to the icon's own
 * module), read from the sources: the same list in both builds.
 */
function importedIcons(): string[] {
  const imported = new Set<string>();
  for (const entry of fs.readdirSync(appDirectory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const match of source.matchAll(iconImport)) imported.add(match[1] as string);
  }
  const drawing = new Set<string>();
  for (let name of imported) {
    for (let hops = 0; hops < 3; hops += 1) {
      const alias = aliasOf.exec(fs.readFileSync(path.join(lucideIcons, `${name}.mjs`), "utf8"));
      if (!alias) break;
      name = alias[1] as string;
    }
    drawing.add(name);
  }
  return [...drawing].sort();
}

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * One SVG file with a `<symbol>` per icon, its id the module's file name. The shapes carry only their own
 * attributes: stroke, caps and fill come from the `.lucide` rule on the `<svg>` that uses them (they inherit).
 */
async function spriteOf(names: string[]): Promise<string> {
  const symbols: string[] = [];
  for (const name of names) {
    const { __iconData: data } = (await import(path.join(lucideIcons, `${name}.mjs`))) as { __iconData: IconData };
    const shapes = data.node.map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([attribute]) => attribute !== "key")
        .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(String(value))}"`)
        .join("");
      return `<${tag}${written}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${data.size} ${data.size}">${shapes.join("")}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

/**
 * Every Lucide icon module (`lucide-react/icons/<name>`) builds its component with `compactIcon`
 * (app/components/ui/compact-icon.tsx) instead of Lucide's factory: the same icon, without the attributes every
 * icon repeats in the HTML. In both builds, the browser's and the server's (which bundles lucide-react for it:
 * `ssr.noExternal` in vite.config.ts), so a page hydrates to what the server drew. Development and unit tests draw
 * Lucide's own on both sides: Vite's development server pre-bundles lucide-react for the browser without plugins.
 *
 * The icons our code imports are also drawn into one sprite, `assets/icons-<hash>.svg` (decision 0032): inside the
 * budget tool an icon is a `<use>` of its symbol there. Both builds read the same sources, so both name the same
 * file; the browser's build writes it.
 */
export function compactIcons(): Plugin {
  let seen = 0;
  let compacted = 0;
  let sprite: { names: Set<string>; url: string; source: string } | undefined;
  return {
    name: "samen:compact-icons",
    enforce: "pre",
    apply: "build",
    async buildStart() {
      const names = importedIcons();
      const source = await spriteOf(names);
      const hash = crypto.createHash("sha256").update(source).digest("base64url").slice(0, 10);
      sprite = { names: new Set(names), url: `/assets/icons-${hash}.svg`, source };
    },
    transform(code, id) {
      const icon = lucideIconModule.exec(id);
      if (!icon) return undefined;
      seen += 1;
      if (!code.includes(factoryImport)) return undefined;
      compacted += 1;
      const spriteUrl = sprite?.names.has(icon[1] as string) ? sprite.url : undefined;
      return code.replace(
        factoryImport,
        `import { compactIcon } from ${JSON.stringify(compactIconModule)};\n` +
          `const createLucideIcon = (data) => compactIcon(data, ${JSON.stringify(spriteUrl ?? null)});`,
      );
    },
    generateBundle() {
      if (this.environment.name !== "client" || !sprite) return;
      this.emitFile({ type: "asset", fileName: sprite.url.slice(1), source: sprite.source });
    },
    buildEnd() {
      // A Lucide release that builds its icons another way: they still draw (as Lucide does), only heavier.
      if (seen > 0 && compacted === 0) this.warn("no Lucide icon module had the factory import to replace");
    },
  };
}
