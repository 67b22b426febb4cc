import fc from "fast-check";
import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { badInputOf } from "~/lib/bad-input";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { bodyLimitFor, defaultBodyLimitBytes } from "./body-limits.server";
import { readBodyText, readForm, readUpload, requireForm } from "./forms.server";

/** The statement upload's reader: its file comes in the field "statement". */
const upload = (request: Request, options: { maxBytes?: number } = {}) =>
  readUpload(request, { ...options, fileField: "statement" });

const origin = "http://localhost";
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

function post(path: string, body: BodyInit | null, headers: Record<string, string> = urlencoded) {
  return new Request(origin + path, { method: "POST", headers, body });
}

/** A body without Content-Length, in chunks, the way a chunked upload arrives. */
function streamed(path: string, totalBytes: number, chunkBytes = 64 * 1024) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return {
    request: new Request(origin + path, { method: "POST", headers: urlencoded, body, duplex: "half" } as RequestInit),
    sent: () => sent,
  };
}

describe("readForm", () => {
  it("reads an urlencoded form: the first value per name, names like constructor are plain fields", async () => {
    const read = await readForm(
      post("/app/goals", "intent=create&name=Buffer+%E2%82%AC&name=second&constructor=x&__proto__=y"),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.values.intent).toBe("create");
    expect(read.values.name).toBe("Buffer €");
    expect(read.values.constructor).toBe("x");
    expect(read.values.__proto__).toBe("y");
    expect(read.form.getAll("name")).toEqual(["Buffer €", "second"]);
  });

  it("reads a multipart form and an empty, bodiless post", async () => {
    const form = new FormData();
    form.set("title", "Sparen");
    const multipart = await readForm(post("/blog", form, {}));
    expect(multipart.ok && multipart.values.title).toBe("Sparen");
    const empty = await readForm(new Request(`${origin}/auth/sign-out`, { method: "POST" }));
    expect(empty.ok && Object.keys(empty.values)).toEqual([]);
  });

  it.each([
    ["NUL in a value", "name=a%00b"],
    ["NUL in a name", "na%00me=x"],
    ["a bell", "description=%07"],
    ["escape", "title=%1B%5B31m"],
    ["DEL", "content=%7F"],
    ["a C1 control", "content=%C2%85"],
  ])("refuses %s with 400 INVALID_CHARACTERS", async (_name, body) => {
    expect(await readForm(post("/app/settings", body))).toEqual({ ok: false, code: "INVALID_CHARACTERS", status: 400 });
  });

  it("keeps tabs and line breaks: an article has paragraphs", async () => {
    const read = await readForm(post("/blog", "content=one%0D%0Atwo%0Athree%09four"));
    expect(read.ok && read.values.content).toBe("one\r\ntwo\nthree\tfour");
  });

  it.each([
    ["JSON", '{"name":"x"}', { "content-type": "application/json" }],
    ["plain text", "name=x", { "content-type": "text/plain" }],
    ["binary", new Uint8Array([0, 1, 2, 255]), { "content-type": "application/octet-stream" }],
    ["a body without a content type", "name=x", {}],
    ["a broken percent-escape", "name=100%", urlencoded],
    ["an escape of invalid UTF-8", "name=%C3%28", urlencoded],
    ["an escaped lone surrogate", "name=%ED%A0%80", urlencoded],
    ["raw invalid UTF-8", new Uint8Array([0x6e, 0x3d, 0xc3, 0x28]), urlencoded],
    ["broken multipart", "--y\r\n", { "content-type": "multipart/form-data; boundary=x" }],
    [
      "a file",
      '--b\r\nContent-Disposition: form-data; name="statement"; filename="x.csv"\r\nContent-Type: text/csv\r\n\r\na,b\r\n--b--\r\n',
      { "content-type": "multipart/form-data; boundary=b" },
    ],
  ])("refuses %s with 400 INVALID_INPUT", async (_name, body, headers) => {
    expect(await readForm(post("/app/goals", body as BodyInit, headers as Record<string, string>))).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      status: 400,
    });
  });

  it("refuses a declared size over the path's limit without reading the body", async () => {
    const { request, sent } = streamed("/app/goals", 5 * defaultBodyLimitBytes);
    const declared = new Request(request, {
      headers: { ...urlencoded, "content-length": String(5 * defaultBodyLimitBytes) },
    });
    expect(await readForm(declared)).toEqual({ ok: false, code: "INPUT_TOO_LARGE", status: 413 });
    // (A stream fills its small queue ahead of any reader; nothing near the declared 5 MB is produced.)
    expect(sent()).toBeLessThan(256 * 1024);
  });

  it("counts a body without Content-Length and stops reading at the limit", async () => {
    const { request, sent } = streamed("/app/goals", 10 * defaultBodyLimitBytes);
    expect(await readForm(request)).toEqual({ ok: false, code: "INPUT_TOO_LARGE", status: 413 });
    expect(sent()).toBeLessThan(defaultBodyLimitBytes + 256 * 1024);
  });

  it("uses the limit of the request's path, and of the page for its .data URL", async () => {
    expect(bodyLimitFor("/app/settings/security")).toBe(64 * 1024);
    expect(bodyLimitFor("/app/settings/security.data")).toBe(64 * 1024);
    expect(bodyLimitFor("/_root.data")).toBe(defaultBodyLimitBytes);
    const body = `password=${"p".repeat(70 * 1024)}`;
    expect(await readForm(post("/app/settings/security", body))).toMatchObject({ ok: false, code: "INPUT_TOO_LARGE" });
    expect(await readForm(post("/app/settings", body))).toMatchObject({ ok: true });
    expect(await readForm(post("/app/settings", body), { maxBytes: 1024 })).toMatchObject({
      ok: false,
      code: "INPUT_TOO_LARGE",
    });
  });

  it("takes any text without control characters exactly as typed, and refuses any with one (property)", async () => {
    const control = fc
      .constantFrom(...[...Array(32).keys()].filter((code) => ![9, 10, 13].includes(code)), 0x7f, 0x85, 0x9f)
      .map((code) => String.fromCharCode(code));
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 40 }),
        fc.string({ maxLength: 10 }),
        control,
        async (text, suffix, bad) => {
          const clean = [...text].filter((character) => !hasUnsafeCharacters(character)).join("");
          const accepted = await readForm(post("/app/goals", new URLSearchParams({ name: clean }).toString()));
          expect(accepted.ok && accepted.values.name).toBe(clean);
          const refused = await readForm(
            post("/app/goals", new URLSearchParams({ name: clean + bad + suffix }).toString()),
          );
          expect(refused).toMatchObject({ ok: false, code: "INVALID_CHARACTERS" });
        },
      ),
      { seed: 11, numRuns: 200 },
    );
  });
});

describe("requireForm", () => {
  it("throws a 400 or 413 answer that error boundaries recognise", async () => {
    const caught = await requireForm(post("/app/settings", "name=%00")).catch((error: unknown) => error);
    expect(isRouteErrorResponse(caught) || (caught as { type?: string }).type === "DataWithResponseInit").toBe(true);
    const { data, init } = caught as { data: unknown; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(badInputOf({ status: 400, statusText: "", internal: false, data })).toBe("INVALID_CHARACTERS");
    const tooBig = (await requireForm(post("/app/settings", "a".repeat(defaultBodyLimitBytes + 1))).catch(
      (error: unknown) => error,
    )) as { init: ResponseInit };
    expect(tooBig.init.status).toBe(413);
  });
});

describe("readBodyText", () => {
  it("returns the exact text within the limit and refuses more", async () => {
    expect(
      await readBodyText(post("/api/billing/webhook", '{"id":"evt_1"}', { "content-type": "application/json" })),
    ).toEqual({ ok: true, text: '{"id":"evt_1"}' });
    const { request } = streamed("/api/billing/webhook", 2 * defaultBodyLimitBytes);
    expect(await readBodyText(request)).toEqual({ ok: false, status: 413 });
  });
});

describe("readUpload", () => {
  const boundary = "----samen1234";
  const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };
  /** A multipart body as a browser writes it; a part is [name, text] or [name, file name, bytes]. */
  function body(parts: ([string, string] | [string, string, Uint8Array])[]): Uint8Array<ArrayBuffer> {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const [name, second, bytes] = part;
      const head = bytes
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${second}"\r\nContent-Type: text/csv\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
      chunks.push(Buffer.from(head), bytes ? Buffer.from(bytes) : Buffer.from(second), Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return Uint8Array.from(Buffer.concat(chunks));
  }
  const windows1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x3b, 0x2d, 0x33, 0x2c, 0x32, 0x30]); // "Café;-3,20", not UTF-8

  it("reads the fields and the one file's exact bytes, whatever their encoding", async () => {
    const read = await upload(
      post(
        "/app/import",
        body([
          ["intent", "upload"],
          ["accountId", "a€"],
          ["statement", "ing.csv", windows1252],
        ]),
        multipart,
      ),
    );
    expect(read.ok && read.fields).toEqual({ intent: "upload", accountId: "a€" });
    expect(read.ok && read.file?.name).toBe("ing.csv");
    expect(read.ok && [...(read.file?.bytes ?? [])]).toEqual([...windows1252]);
  });

  it("takes an empty file input as no file, and an urlencoded form as fields only", async () => {
    const empty = await upload(
      post(
        "/app/import",
        body([
          ["intent", "upload"],
          ["statement", "", new Uint8Array()],
        ]),
        multipart,
      ),
    );
    expect(empty).toEqual({ ok: true, fields: { intent: "upload" }, file: null });
    expect(await upload(post("/app/import", "intent=undo&batchId=x"))).toMatchObject({
      ok: true,
      fields: { intent: "undo", batchId: "x" },
      file: null,
    });
  });

  it("refuses two files, invalid UTF-8 or control characters in a field, broken multipart and other media types", async () => {
    const file = new TextEncoder().encode("a;b");
    expect(
      await upload(
        post(
          "/app/import",
          body([
            ["a", "1.csv", file],
            ["b", "2.csv", file],
          ]),
          multipart,
        ),
      ),
    ).toEqual({ ok: false, code: "INVALID_INPUT", status: 400 });
    expect(await upload(post("/app/import", body([["householdId", "x.csv", file]]), multipart))).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      status: 400,
    });
    const badField = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="accountId"\r\n\r\n`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(await upload(post("/app/import", new Uint8Array(badField), multipart))).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect(await upload(post("/app/import", body([["accountId", "a\u0000b"]]), multipart))).toMatchObject({
      ok: false,
      code: "INVALID_CHARACTERS",
    });
    expect(await upload(post("/app/import", body([["statement", "bad\u0007.csv", file]]), multipart))).toMatchObject({
      ok: false,
      code: "INVALID_CHARACTERS",
    });
    expect(await upload(post("/app/import", `--${boundary}\r\nno headers`, multipart))).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
    expect(await upload(post("/app/import", "{}", { "content-type": "application/json" }))).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
    });
  });

  it("counts the size while reading: the import page takes a 10 MB file, the default limit does not", async () => {
    expect(bodyLimitFor("/app/import")).toBe(10 * 1024 * 1024 + 64 * 1024);
    expect(bodyLimitFor("/app/import.data")).toBe(10 * 1024 * 1024 + 64 * 1024);
    expect(bodyLimitFor("/app/import/0190b2c4-0000-7000-8000-000000000000")).toBe(defaultBodyLimitBytes);
    const large = body([
      ["intent", "upload"],
      ["statement", "big.csv", new Uint8Array(2 * defaultBodyLimitBytes).fill(0x61)],
    ]);
    expect(await upload(post("/app/import", large, multipart))).toMatchObject({ ok: true });
    expect(await upload(post("/app/goals", large, multipart))).toEqual({
      ok: false,
      code: "INPUT_TOO_LARGE",
      status: 413,
    });
    expect(await upload(post("/app/import", large, multipart), { maxBytes: 1024 })).toMatchObject({
      ok: false,
      code: "INPUT_TOO_LARGE",
    });
  });
});
