import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnFreePort } from "./listen-for-tests";
import { publicFiles } from "./public-files";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "samen-public-"));
const client = path.join(root, ".local", "share", "samen", "build", "client");
let baseUrl = "";
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  fs.mkdirSync(path.join(client, "images", "screenshots"), { recursive: true });
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  fs.writeFileSync(path.join(client, "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(client, "images", "screenshots", "goals-800.webp"), "webp");
  fs.writeFileSync(path.join(client, "assets", "entry-abc.js"), "console.log(1)");
  fs.writeFileSync(path.join(root, "secret.txt"), "secret");
  const app = express();
  app.use(publicFiles(client, { skip: "/assets", maxAge: "1h" }));
  app.use((req, res) => void res.status(404).send(`page ${req.path}`));
  ({ baseUrl, close } = await listenOnFreePort(app));
});

afterAll(async () => {
  await close?.();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("public files", () => {
  it("serves the build's files at their paths, from a folder under a dot-folder", async () => {
    const favicon = await fetch(`${baseUrl}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(await favicon.text()).toBe("<svg/>");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${baseUrl}/images/screenshots/goals-800.webp`)).text()).toBe("webp");
  });

  it("hands every other path to the pages, without asking the file system, and never leaves the folder", async () => {
    for (const path of [
      "/app",
      "/blog/some-article",
      "/assets/entry-abc.js",
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/images",
      "/favicon.svg/x",
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toMatch(/^page /);
    }
  });
});
