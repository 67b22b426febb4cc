import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnFreePort } from "./listen-for-tests";
import { precompressedAssets } from "./precompressed";

// Installed the way many people install things: under a dot-folder (~/.local/share/samen).
const root = fs.mkdtempSync(path.join(os.tmpdir(), "samen-assets-"));
const assets = path.join(root, ".local", "share", "samen", "build", "client", "assets");
const script = "console.log('Samen');\n".repeat(50);
let baseUrl = "";
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(assets, "entry-abc123.js"), script);
  fs.writeFileSync(path.join(assets, "entry-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, "entry-abc123.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(root, "secret.js.br"), zlib.brotliCompressSync("secret"));
  const app = express();
  app.use("/assets", precompressedAssets(assets));
  app.use((_req, res) => void res.status(404).send("not here"));
  ({ baseUrl, close } = await listenOnFreePort(app));
});

afterAll(async () => {
  await close?.();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  it.each([
    ["br", "br"],
    ["gzip, deflate", "gzip"],
  ])("are served from a path with a dot-folder to a browser accepting %s", async (accept, encoding) => {
    const response = await fetch(`${baseUrl}/assets/entry-abc123.js`, { headers: { "accept-encoding": accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("content-type")).toMatch(/text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(script);
  });

  it("never leave the assets folder", async () => {
    for (const attempt of [
      "/assets/..%2F..%2F..%2F..%2F..%2F..%2Fsecret.js",
      "/assets/%2e%2e/%2e%2e/secret.js",
      "/assets/",
    ]) {
      const response = await fetch(baseUrl + attempt, { headers: { "accept-encoding": "br" } });
      expect(response.status, attempt).toBe(404);
    }
  });
});
