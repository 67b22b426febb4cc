/** Auth forms are small; a body beyond this is refused with a message instead of being buffered. */
export const maxFormBytes = 2 * 1024 * 1024;

export type ReadFormResult = { ok: true; form: FormData } | { ok: false; code: "INPUT_TOO_LARGE" | "INVALID_INPUT" };

/**
 * Reads a form post with a size limit (React Router hands actions the raw request stream, and Express has no body
 * parser in front of it). Oversized, unreadable or non-form bodies become a code the page can show.
 */
export async function readForm(request: Request, maxBytes = maxFormBytes): Promise<ReadFormResult> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, code: "INPUT_TOO_LARGE" };
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) return { ok: false, code: "INVALID_INPUT" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, code: "INPUT_TOO_LARGE" };
      }
      chunks.push(value);
    }
  }
  try {
    const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, code: "INVALID_INPUT" };
  }
}
