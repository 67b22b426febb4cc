import { describe, expect, it } from "vitest";
import { logger } from "./logger.server";
import {
  oncePerReadingRequest,
  oncePerRequestContext,
  requestContextValue,
  runWithRequestStore,
  type RequestStore,
} from "./request-store.server";

const store = (): RequestStore => ({
  nonce: "n",
  requestId: "1",
  log: logger,
  clientIp: "203.0.113.7",
  appendSetCookie: () => undefined,
  once: new Map(),
});

describe("oncePerReadingRequest", () => {
  it("runs a query once however many loaders await it, though a Drizzle query runs again on each `then`", async () => {
    let statements = 0;
    // What a Drizzle query is: typed as a Promise, yet it sends its statement whenever it is awaited.
    class Query implements Promise<string[]> {
      readonly [Symbol.toStringTag] = "Query";
      then<A = string[], B = never>(
        resolve?: ((rows: string[]) => A | PromiseLike<A>) | null,
        reject?: ((reason: unknown) => B | PromiseLike<B>) | null,
      ): Promise<A | B> {
        statements += 1;
        return Promise.resolve(["row"]).then(resolve, reject);
      }
      catch<B = never>(reject?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<string[] | B> {
        return this.then(undefined, reject);
      }
      finally(onFinally?: (() => void) | null): Promise<string[]> {
        return this.then().finally(onFinally);
      }
    }
    const rows = await runWithRequestStore({ ...store(), reading: true }, () =>
      Promise.all([1, 2, 3].map(() => oncePerReadingRequest("access", () => new Query()))),
    );
    expect(rows).toEqual([["row"], ["row"], ["row"]]);
    expect(statements).toBe(1);
  });

  it.each([true, false])(
    "answers a rejected promise, never a throw, when the work throws at once (reading: %s)",
    async (reading) => {
      const closed = () => {
        throw new Error("The database is not open");
      };
      const answer = runWithRequestStore({ ...store(), reading }, () => oncePerReadingRequest("access", closed));
      await expect(answer).rejects.toThrow("not open");
    },
  );
});

describe("oncePerRequestContext", () => {
  it("computes a value once for the loaders of one request", async () => {
    let reads = 0;
    const read = async () => ++reads;
    const request = new Request("http://localhost/app");
    const values = await runWithRequestStore(store(), () =>
      Promise.all([oncePerRequestContext(request, "x", read), oncePerRequestContext(request, "x", read)]),
    );
    expect(values).toEqual([1, 1]);
    expect(reads).toBe(1);
  });

  it("never shares a value between two requests running at once", async () => {
    const request = new Request("http://localhost/app");
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = runWithRequestStore(store(), () =>
      oncePerRequestContext(request, "user", async () => {
        await gate;
        return "first";
      }),
    );
    const second = runWithRequestStore(store(), () => oncePerRequestContext(request, "user", async () => "second"));
    release();
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
  });

  it("reads again for the loaders after an action: React Router hands them a Request of their own", async () => {
    let reads = 0;
    const read = async () => ++reads;
    const action = new Request("http://localhost/app/settings", { method: "POST" });
    const loaders = new Request(action.url, { headers: action.headers });
    const values = await runWithRequestStore(store(), async () => [
      await oncePerRequestContext(action, "x", read),
      await oncePerRequestContext(loaders, "x", read),
      await oncePerRequestContext(loaders, "x", read),
      await requestContextValue("x"),
    ]);
    expect(values).toEqual([1, 2, 2, 2]);
  });

  it("outside a request computes every time and keeps nothing", async () => {
    let reads = 0;
    const request = new Request("http://localhost/");
    await oncePerRequestContext(request, "x", async () => ++reads);
    await oncePerRequestContext(request, "x", async () => ++reads);
    expect(reads).toBe(2);
    expect(requestContextValue("x")).toBeUndefined();
  });
});
