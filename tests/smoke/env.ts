// Port and folders of one smoke run, chosen once in Playwright's main process and inherited by its workers (they load
// the config again) through the environment.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The demo account a local installation seeds (README). */
export const demo = { email: "demo@samen.app", password: "samen-demo-2024" } as const;

export async function smokeEnvironment() {
  if (!process.env.SMOKE_PORT) {
    process.env.SMOKE_PORT = String(await freePort());
    process.env.SMOKE_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), "samen-smoke-"));
  }
  const root = process.env.SMOKE_ROOT as string;
  const port = Number(process.env.SMOKE_PORT);
  return {
    port,
    /** localhost, as the server's default PUBLIC_URL (links in mails) says. */
    baseURL: `http://localhost:${port}`,
    /** Removed by serve.ts once the server has stopped. */
    root,
    /** The embedded database, the generated AUTH_SECRET and the development outbox. */
    dataDir: path.join(root, "data"),
    /** The demo account's signed-in browser state, saved by the global setup for the /app screen tests. */
    demoState: path.join(root, "demo-state.json"),
    /** Everything the server printed; the tests read it for Vite's "reloading" line. */
    serverLog: path.join(root, "server.log"),
  };
}
