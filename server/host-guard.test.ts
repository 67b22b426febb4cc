import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServerBuild } from "react-router";
import { useTestDatabase } from "~/db/test-database";
import { createApp } from "./app";
import { listenOnFreePort } from "./listen-for-tests";
import { pageServerBuild } from "./test-page-build";

/**
 * DNS rebinding (issue 44, finding 1): a web page whose name an attacker re-points at 127.0.0.1 reaches a local
 * installation under its own name and is same-origin with itself. Every state-changing route, Better Auth's endpoints
 * and the development outbox must refuse that name, whatever Origin it brings; the health check answers any name.
 */

vi.mock("virtual:react-router/server-build", async () => (await import("./test-page-build")).pageServerBuild());

useTestDatabase();

let baseUrl = "";
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ baseUrl, close } = await listenOnFreePort(createApp({ mountAssets: () => {}, keptPages: null })));
});
afterAll(async () => {
  await close?.();
});

interface Answer {
  status: number;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const target = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        setHost: false,
        agent: false,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Every page route with an action, as a path a browser could post to (parameters filled in). */
function actionPaths(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const paths: string[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route || typeof route.module.action !== "function") continue;
    const path = `/${fullPath(route.id)}`
      .replace(/:\w+\?/g, "")
      .replace(/:\w+/g, "00000000-0000-4000-8000-000000000000")
      .replace(/\*/g, "x")
      .replace(/\/+/g, "/");
    paths.push(path, `${path.replace(/\/$/, "")}.data`);
  }
  return paths;
}

const betterAuthWrites = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/change-password",
  "/api/auth/sign-out",
];

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("a name that is not the site's (DNS rebinding)", () => {
  it("every state-changing route answers 421 to a foreign Host, with its matching Origin or none", async () => {
    const port = new URL(baseUrl).port;
    const foreign = `rebind.attacker.example:${port}`;
    const paths = [...actionPaths(await pageServerBuild()), ...betterAuthWrites];
    expect(paths.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const path of paths) {
      for (const origin of [`http://${foreign}`, undefined]) {
        const headers: Record<string, string> = { host: foreign, ...form, ...(origin ? { origin } : {}) };
        const answer = await send("POST", path, headers, "intent=create&email=someone%40example.com");
        if (answer.status !== 421) failures.push(`${path} (Origin ${origin ?? "none"}): ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the reported case: /forgot-password under a rebound name with a matching Origin answers 421", async () => {
    const host = `rebind.attacker.example:${new URL(baseUrl).port}`;
    const answer = await send(
      "POST",
      "/forgot-password",
      { host, origin: `http://${host}`, ...form },
      "email=demo%40samen.app",
    );
    expect(answer.status).toBe(421);
    expect(answer.body).not.toContain("samen.app");
  });

  it("/dev/mail and every page answer 421 to a foreign Host; /healthz answers any", async () => {
    for (const host of ["rebind.attacker.example:3000", "127.0.0.1.nip.io", "localhost.attacker.example"]) {
      expect((await send("GET", "/dev/mail", { host })).status, host).toBe(421);
      expect((await send("GET", "/app", { host })).status, host).toBe(421);
      expect((await send("GET", "/healthz", { host })).status, host).toBe(200);
    }
  });

  it("under its own names, with a foreign Origin, a write is refused as cross-origin (403)", async () => {
    const port = new URL(baseUrl).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      for (const origin of [`http://rebind.attacker.example:${port}`, `http://localhost:${Number(port) + 1}`]) {
        const answer = await send("POST", "/forgot-password", { host, origin, ...form }, "email=a%40example.com");
        expect(answer.status, `${host} ${origin}`).toBe(403);
      }
    }
  });

  it("under its own names, with its own Origin, a write goes through", async () => {
    const port = new URL(baseUrl).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const answer = await send(
        "POST",
        "/api/auth/sign-in/email",
        { host, origin: `http://${host}`, "content-type": "application/json" },
        JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
      );
      expect(answer.status, host).toBe(401);
    }
  });

  it("/dev/mail answers this machine under a loopback name", async () => {
    const port = new URL(baseUrl).port;
    expect((await send("GET", "/dev/mail", { host: `localhost:${port}` })).status).toBe(200);
    expect((await send("GET", "/dev/mail", { host: `127.0.0.1:${port}` })).status).toBe(200);
  });
});
