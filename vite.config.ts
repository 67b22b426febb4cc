import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Development only (the build never reads it): the browser's dependencies, pre-bundled once at start-up. With
  // discovery, a first run found them one page at a time and reloaded every open page each time (and bundled server
  // packages such as pg, pino and better-auth for the browser, which React Router's development CSS lookup exposed).
  // A package the browser newly imports belongs in this list: without it Vite serves the package's files one by one,
  // which is slow and breaks for CommonJS packages.
  optimizeDeps: {
    noDiscovery: true,
    include: ["class-variance-authority", "clsx", "lucide-react", "radix-ui", "sonner", "zod"],
  },
  server: {
    // Test reports, builds and the local data folder are not sources: a trace or a screenshot written there while the
    // development server runs would otherwise reload every open page.
    watch: { ignored: ["**/test-results*/**", "**/playwright-report*/**", "**/build/**", "**/build-*/**", "**/.data*/**"] },
  },
  // The server bundle's entry is our Express app, so pages, API and start-up share one module graph.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  build: {
    rolldownOptions: {
      output: {
        // One framework chunk for what every page runs before it can hydrate: React, React Router, our
        // translator, the class helpers and the toast trigger. One file compresses better and costs one
        // set of headers; a public page otherwise needs two dozen small requests.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|app[\\/](i18n[\\/](translator|react|i18n|embedded-resources|client-backend|use-change-language)|domain[\\/]languages|lib[\\/](cn|nonce)|components[\\/]ui[\\/](button|lazy-toasters|use-toast))\.tsx?$/,
            },
            {
              // The public site's shell (header, footer, menu, analytics gate) and the pieces its pages share.
              name: "site",
              test: /app[\\/](components[\\/]layout[\\/](brand-logo|header-auth|icons|language-switcher|mobile-menu|site-footer|site-header|site-links)\.|features[\\/]analytics[\\/](analytics-gate|exclusion)\.|features[\\/]auth[\\/](use-user|auth-state|flash)\.|features[\\/]marketing[\\/](public-env|use-language|seo|format|demo-figures|components[\\/](app-link|section|cta-banner|pricing-plans|seo-head|page-header))\.|components[\\/]ui[\\/](badge|skeleton)\.)/,
            },
            {
              // Radix's shared internals and Lucide's icon factory, used by most interactive pieces.
              name: "primitives",
              test: /node_modules[\\/](@radix-ui[\\/](primitive|react-(context|presence|collection|id|direction|primitive|use-[\w-]+))|lucide-react[\\/]dist[\\/]esm[\\/](shared|context|Icon|createLucideIcon))/,
            },
          ],
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
