import fs from "node:fs";
import { startProductionServer, signInDemo } from "./serve.ts";
const server = await startProductionServer();
try {
  const cookie = await signInDemo(server);
  for (const p of (process.argv.slice(2).length ? process.argv.slice(2) : ["/app"])) {
    const r = await fetch(server.url + p, { headers: { cookie: cookie + "; tz=Europe/Amsterdam" } });
    const html = await r.text();
    const name = p.replace(/[^a-z]/g, "_");
    fs.writeFileSync(`/tmp/page${name}.html`, html);
    console.log(p, r.status, html.length);
  }
} finally { await server.stop(); }
