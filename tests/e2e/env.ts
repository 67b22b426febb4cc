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

/**
 * Ports and folders for one Playwright run, chosen once in the main process and
 * inherited by the workers through the environment.
 */
export async function e2eEnvironment() {
  if (!process.env.E2E_PORT) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "samen-e2e-"));
    process.env.E2E_PORT = String(await freePort());
    process.env.E2E_SMTP_PORT = String(await freePort());
    process.env.E2E_TRANSLATE_PORT = String(await freePort());
    process.env.E2E_RATES_PORT = String(await freePort());
    process.env.E2E_DATA_DIR = path.join(root, "data");
    process.env.E2E_MAIL_DIR = path.join(root, "mail");
  }
  return {
    port: Number(process.env.E2E_PORT),
    smtpPort: Number(process.env.E2E_SMTP_PORT),
    /** The fake LibreTranslate server the blog translates with. */
    translatePort: Number(process.env.E2E_TRANSLATE_PORT),
    /** The fake ECB and NBU the server takes exchange rates from. */
    ratesPort: Number(process.env.E2E_RATES_PORT),
    dataDir: process.env.E2E_DATA_DIR as string,
    mailDir: process.env.E2E_MAIL_DIR as string,
  };
}
