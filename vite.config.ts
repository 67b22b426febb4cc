import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server bundle's entry is our Express app, so pages, API and start-up share one module graph.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter()],
});
