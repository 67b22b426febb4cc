// A fake LibreTranslate server (POST /translate, JSON or form, `q` a string or a list) with its
// documented error shape {"error": "..."}: 429 for request limits, 500, and a malformed reply.
import {
  effectiveMode,
  fakeTranslate,
  parseBody,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./fake-translation-server.ts";

export function startFakeLibreTranslateServer(port = 0): Promise<FakeServer> {
  return startFakeServer((request, state, res) => {
    if (request.method === "GET" && request.path === "/languages") {
      return sendJson(
        res,
        200,
        ["en", "nl", "de", "fr", "es", "pl", "tr", "uk"].map((code) => ({ code, name: code, targets: [] })),
      );
    }
    if (request.method !== "POST" || request.path !== "/translate") return sendJson(res, 404, { error: "Not Found" });
    const body = parseBody(request);
    const q = body.q;
    const target = String(body.target ?? "");
    if (q === undefined || !target)
      return sendJson(res, 400, { error: "Invalid request: missing q or target parameter" });
    switch (effectiveMode(state, request.body)) {
      case "rate-limit":
        return sendJson(res, 429, { error: "Too many request limits violations" });
      case "quota":
        // LibreTranslate documents no quota reply; this models a hosted instance refusing an exhausted key.
        return sendJson(res, 403, { error: "Your API key has exceeded its quota" });
      case "server-error":
        return sendJson(res, 500, { error: "Cannot translate text: internal error" });
      case "malformed":
        return sendJson(res, 200, "<html><body>502 Bad Gateway</body></html>", { "content-type": "text/html" });
      default:
        return sendJson(res, 200, {
          translatedText: Array.isArray(q)
            ? q.map((text) => fakeTranslate(String(text), target))
            : fakeTranslate(String(q), target),
        });
    }
  }, port);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startFakeLibreTranslateServer(Number(process.env.FAKE_PORT ?? 0));
  console.log(`fake LibreTranslate on ${server.url}`);
}
