// A fake DeepL API (POST /v2/translate) that speaks the documented protocol: DeepL-Auth-Key header,
// form or JSON body with repeated `text`, `target_lang`; 429 Too Many Requests, 456 Quota Exceeded, 5xx.
import {
  effectiveMode,
  fakeTranslate,
  parseBody,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./fake-translation-server.ts";

export const fakeDeeplKey = "fake-deepl-key:fx";

export function startFakeDeeplServer(port = 0): Promise<FakeServer> {
  return startFakeServer((request, state, res) => {
    if (request.method !== "POST" || request.path !== "/v2/translate")
      return sendJson(res, 404, { message: "Not found" });
    if (request.headers.authorization !== `DeepL-Auth-Key ${fakeDeeplKey}`)
      return sendJson(res, 403, { message: "Wrong endpoint" });
    const body = parseBody(request);
    const texts = ([] as unknown[]).concat(body.text ?? []).map(String);
    const target = String(body.target_lang ?? "");
    if (!texts.length || !target)
      return sendJson(res, 400, { message: "Parameter 'text' or 'target_lang' not specified." });
    switch (effectiveMode(state, request.body)) {
      case "rate-limit":
        return sendJson(res, 429, { message: "Too many requests" });
      case "quota":
        return sendJson(res, 456, { message: "Quota Exceeded" });
      case "server-error":
        return sendJson(res, 500, { message: "Internal server error" });
      case "malformed":
        return sendJson(res, 200, '{"translations": [{"detected_source_language": "EN", "te');
      default:
        return sendJson(res, 200, {
          translations: texts.map((text) => ({
            detected_source_language: String(body.source_lang ?? "EN").toUpperCase(),
            text: fakeTranslate(text, target),
            billed_characters: text.length,
          })),
        });
    }
  }, port);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startFakeDeeplServer(Number(process.env.FAKE_PORT ?? 0));
  console.log(`fake DeepL on ${server.url}`);
}
