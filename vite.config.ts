import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server bundle's entry is our Express app, so pages, API and start-up share one module graph.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  build: {
    rolldownOptions: {
      output: {
        // One framework chunk: every page needs it, and one file compresses better and costs one set of headers.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-resources-to-backend|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
            },
          ],
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
