// Runs a function of the app through Vite (aliases, import.meta.glob and all) so command-line scripts
// run exactly the code the server runs. The Vite server stays open until the work is done.
import { createServer } from "vite";

export async function runInApp<T>(moduleId: string, work: (module: T) => Promise<void>): Promise<void> {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  try {
    await work((await vite.ssrLoadModule(moduleId)) as T);
  } finally {
    await vite.close();
  }
}
