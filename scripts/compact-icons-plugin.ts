import path from "node:path";
import type { Plugin } from "vite";

const lucideIconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][\w-]+\.mjs$/;
const factoryImport = "import createLucideIcon from '../createLucideIcon.mjs';";
const compactIconModule = path.resolve(import.meta.dirname, "../app/components/ui/compact-icon.tsx");

/**
 * Every Lucide icon module (`lucide-react/icons/<name>`) builds its component with `compactIcon`
 * (app/components/ui/compact-icon.tsx) instead of Lucide's factory: the same icon, without the attributes every
 * icon repeats in the HTML. In both builds, the browser's and the server's (which bundles lucide-react for it:
 * `ssr.noExternal` in vite.config.ts), so a page hydrates to what the server drew. Development and unit tests draw
 * Lucide's own on both sides: Vite's development server pre-bundles lucide-react for the browser without plugins.
 */
export function compactIcons(): Plugin {
  let seen = 0;
  let compacted = 0;
  return {
    name: "samen:compact-icons",
    enforce: "pre",
    apply: "build",
    transform(code, id) {
      if (!lucideIconModule.test(id)) return undefined;
      seen += 1;
      if (!code.includes(factoryImport)) return undefined;
      compacted += 1;
      return code.replace(
        factoryImport,
        `import { compactIcon as createLucideIcon } from ${JSON.stringify(compactIconModule)};`,
      );
    },
    buildEnd() {
      // A Lucide release that builds its icons another way: they still draw (as Lucide does), only heavier.
      if (seen > 0 && compacted === 0) this.warn("no Lucide icon module had the factory import to replace");
    },
  };
}
