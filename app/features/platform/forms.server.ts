import { data } from "react-router";
import type { z } from "zod";
import type { BadInputCode, BadInputData } from "~/lib/bad-input";
import { safeText } from "~/lib/safe-text";
import { bodyLimitFor } from "./body-limits.server";

/**
 * The one way actions read what was posted. React Router hands an action the raw request stream (Express has no
 * body parser in front of it), so reading it is where size, format and characters are checked:
 * - at most the path's body limit (body-limits.server.ts), counted while reading, so a missing or false
 *   Content-Length cannot make us buffer more (the Express guard has already refused a declared larger size);
 * - an urlencoded or multipart form, or an empty body; JSON, text, binary, files, broken percent-escapes and invalid
 *   UTF-8 are refused (a browser never sends them to a page);
 * - every field name and value passes the shared text rule (lib/safe-text.ts): no NUL or other control characters.
 */

export type FormRead =
  { ok: true; form: FormData; values: Record<string, string> } | { ok: false; code: BadInputCode; status: 400 | 413 };

interface ReadOptions {
  /** Default: the limit of the request's path. */
  maxBytes?: number;
}

type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; code: "INPUT_TOO_LARGE"; status: 413 };

const tooLarge = { ok: false, code: "INPUT_TOO_LARGE", status: 413 } as const;
const invalid = { ok: false, code: "INVALID_INPUT", status: 400 } as const;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

async function readBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) return tooLarge;
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge;
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/** Fields by name with no prototype, so a field called "constructor" or "__proto__" is just a field. */
function emptyFields(): Record<string, string> {
  return Object.create(null);
}

function decodeStrictly(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** application/x-www-form-urlencoded, refusing what URLSearchParams would quietly repair ("%zz", "%C3%28"). */
function parseUrlencoded(bytes: Uint8Array): FormData | undefined {
  const text = decodeStrictly(bytes);
  if (text === undefined) return undefined;
  const form = new FormData();
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const separator = pair.indexOf("=");
    const [name, value] = separator === -1 ? [pair, ""] : [pair.slice(0, separator), pair.slice(separator + 1)];
    try {
      form.append(decodeURIComponent(name.replaceAll("+", " ")), decodeURIComponent(value.replaceAll("+", " ")));
    } catch {
      return undefined;
    }
  }
  return form;
}

async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData | undefined> {
  // No form of ours uploads a file, so the whole body is text: invalid UTF-8 is a broken body, not a binary part.
  if (decodeStrictly(bytes) === undefined) return undefined;
  try {
    const form = await new Response(bytes, {
      headers: { "content-type": contentType },
    }).formData();
    for (const [, value] of form) if (typeof value !== "string") return undefined;
    return form;
  } catch {
    return undefined;
  }
}

/** Reads a posted form; a refusal says why (a code with a translation) and which status to answer. */
export async function readForm(request: Request, options: ReadOptions = {}): Promise<FormRead> {
  const body = await readBody(request, options.maxBytes ?? bodyLimitFor(new URL(request.url).pathname));
  if (!body.ok) return body;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  let form: FormData | undefined;
  if (mediaType === "application/x-www-form-urlencoded") form = parseUrlencoded(body.bytes);
  else if (mediaType === "multipart/form-data") form = await parseMultipart(body.bytes, contentType);
  else if (body.bytes.byteLength === 0 && !mediaType) form = new FormData(); // a bodiless POST (a button without fields)
  if (!form) return invalid;

  const entries = [...form].map(([name, value]) => [name, String(value)] as const);
  if (!entries.every(([name, value]) => safeText.safeParse(name).success && safeText.safeParse(value).success)) {
    return { ok: false, code: "INVALID_CHARACTERS", status: 400 };
  }
  // The first value per name.
  const values = emptyFields();
  for (const [name, value] of entries) if (!Object.hasOwn(values, name)) values[name] = value;
  return { ok: true, form, values };
}

export type UploadRead =
  | { ok: true; fields: Record<string, string>; file: { name: string; bytes: Uint8Array } | null }
  | { ok: false; code: BadInputCode; status: 400 | 413 };

type MultipartPart = { name: string; fileName: string | undefined; bytes: Uint8Array };

const crlf = Buffer.from("\r\n");
const headerEnd = Buffer.from("\r\n\r\n");

/** A header parameter (`name="statement"`); browsers escape a quote in it as %22 and a line break as %0A. */
function headerParameter(header: string, parameter: string): string | undefined {
  const match =
    new RegExp(`;\\s*${parameter}="([^"]*)"`, "i").exec(header) ??
    new RegExp(`;\\s*${parameter}=([^;\\s]+)`, "i").exec(header);
  return match?.[1]?.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

/**
 * multipart/form-data split into parts by hand: a file's bytes stay bytes (a Windows-1252 or UTF-16 statement is
 * not UTF-8), while every other part must be strict UTF-8. Undefined when the body is not well-formed multipart.
 */
function splitMultipart(body: Buffer, contentType: string): MultipartPart[] | undefined {
  const boundary = headerParameter(contentType, "boundary");
  if (!boundary || boundary.length > 200) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at === -1) return undefined;
  const parts: MultipartPart[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString("latin1") === "--") return parts;
    if (!body.subarray(at, at + 2).equals(crlf)) return undefined;
    const headersEnd = body.indexOf(headerEnd, at + 2);
    if (headersEnd === -1) return undefined;
    const headers = decodeStrictly(body.subarray(at + 2, headersEnd));
    const next = body.indexOf(Buffer.concat([crlf, delimiter]), headersEnd + 4);
    if (headers === undefined || next === -1) return undefined;
    const disposition = headers.split("\r\n").find((line) => /^content-disposition:/i.test(line));
    const name =
      disposition && /^content-disposition:\s*form-data\s*(?:;|$)/i.test(disposition)
        ? headerParameter(disposition, "name")
        : undefined;
    if (name === undefined) return undefined;
    parts.push({
      name,
      fileName: headerParameter(disposition!, "filename"),
      bytes: body.subarray(headersEnd + 4, next),
    });
    at = next + crlf.length;
  }
}

/**
 * Reads a form that may carry one file (a statement upload): the same size rule as readForm (counted while reading;
 * pass the route's limit), an urlencoded form (no file) or multipart with at most one file part, in `fileField`; every other field
 * passes the strict text rules. A file input left empty (no name, no bytes) is no file.
 */
export async function readUpload(
  request: Request,
  options: ReadOptions & {
    /** The one field a file may come in; a file anywhere else is refused. */ fileField: string;
  },
): Promise<UploadRead> {
  const body = await readBody(request, options.maxBytes ?? bodyLimitFor(new URL(request.url).pathname));
  if (!body.ok) return body;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const fields = emptyFields();
  const texts: [string, string][] = [];
  let file: { name: string; bytes: Uint8Array } | null = null;
  if (mediaType === "multipart/form-data") {
    const parts = splitMultipart(Buffer.from(body.bytes), contentType);
    if (!parts) return invalid;
    const files = parts.filter((part) => part.fileName !== undefined);
    if (files.length > 1 || files.some((part) => part.name !== options.fileField)) return invalid;
    for (const part of parts) {
      if (part.fileName !== undefined) {
        if (!safeText.safeParse(part.name).success || !safeText.safeParse(part.fileName).success)
          return { ok: false, code: "INVALID_CHARACTERS", status: 400 };
        if (part.fileName || part.bytes.byteLength > 0)
          file = { name: part.fileName, bytes: new Uint8Array(part.bytes) };
        continue;
      }
      const value = decodeStrictly(part.bytes);
      if (value === undefined) return invalid;
      texts.push([part.name, value]);
    }
  } else {
    const form = mediaType === "application/x-www-form-urlencoded" ? parseUrlencoded(body.bytes) : undefined;
    if (!form) return invalid;
    for (const [name, value] of form) texts.push([name, String(value)]);
  }
  if (!texts.every(([name, value]) => safeText.safeParse(name).success && safeText.safeParse(value).success)) {
    return { ok: false, code: "INVALID_CHARACTERS", status: 400 };
  }
  for (const [name, value] of texts) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return { ok: true, fields, file };
}

/**
 * As readForm, for actions without a form-level way to show the problem: a refusal is thrown as a 400 or 413
 * answer that the route's error boundary shows in the reader's language (lib/bad-input.ts).
 */
export async function requireForm(
  request: Request,
  options: ReadOptions = {},
): Promise<{ form: FormData; values: Record<string, string> }> {
  const read = await readForm(request, options);
  if (!read.ok) throw data<BadInputData>({ badInput: read.code }, { status: read.status });
  return read;
}

/** A raw text body (a signed webhook's exact bytes), within the path's limit. */
export async function readBodyText(
  request: Request,
  options: ReadOptions = {},
): Promise<{ ok: true; text: string } | { ok: false; status: 413 }> {
  const body = await readBody(request, options.maxBytes ?? bodyLimitFor(new URL(request.url).pathname));
  if (!body.ok) return { ok: false, status: 413 };
  return { ok: true, text: new TextDecoder().decode(body.bytes) };
}

/**
 * Which of an action's forms was posted: its `intent` field read with the action's `z.discriminatedUnion("intent", …)`,
 * to `switch` on; undefined when the form names no intent the action knows.
 */
export function postedIntent<Posted extends { intent: string }>(
  values: Record<string, string>,
  intents: z.ZodType<Posted>,
): Posted | undefined {
  const parsed = intents.safeParse(values);
  return parsed.success ? parsed.data : undefined;
}
