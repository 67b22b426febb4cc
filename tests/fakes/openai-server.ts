// A fake OpenAI chat-completions API (POST /v1/chat/completions) with the documented replies:
// 429 rate_limit_exceeded, 429 insufficient_quota, 500, and a malformed body. Its "model" prefixes every
// paragraph with the target language code the prompt names.
import {
  effectiveMode,
  fakeTranslate,
  parseBody,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./fake-translation-server.ts";

export const fakeOpenAIKey = "sk-fake-openai";

/** "merge" makes the model glue paragraphs together, as small local models sometimes do. */
export interface FakeOpenAIOptions {
  mergeParagraphs?: boolean;
}

export function startFakeOpenAIServer(port = 0, options: FakeOpenAIOptions = {}): Promise<FakeServer> {
  return startFakeServer((request, state, res) => {
    if (request.method !== "POST" || request.path !== "/v1/chat/completions") {
      return sendJson(res, 404, {
        error: {
          message: `Unknown request URL: ${request.method} ${request.path}`,
          type: "invalid_request_error",
          code: "unknown_url",
        },
      });
    }
    if (request.headers.authorization !== `Bearer ${fakeOpenAIKey}`) {
      return sendJson(res, 401, {
        error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
      });
    }
    const body = parseBody(request) as { model?: string; messages?: { role: string; content: string }[] };
    const system = body.messages?.find((message) => message.role === "system")?.content ?? "";
    const user = body.messages?.find((message) => message.role === "user")?.content ?? "";
    const target = /target language code: (\w+)/.exec(system)?.[1] ?? "xx";
    switch (effectiveMode(state, request.body)) {
      case "rate-limit":
        return sendJson(
          res,
          429,
          {
            error: {
              message: "Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.",
              type: "requests",
              code: "rate_limit_exceeded",
            },
          },
          { "retry-after": "1" },
        );
      case "quota":
        return sendJson(res, 429, {
          error: {
            message: "You exceeded your current quota, please check your plan and billing details.",
            type: "insufficient_quota",
            code: "insufficient_quota",
          },
        });
      case "server-error":
        return sendJson(res, 500, {
          error: {
            message: "The server had an error while processing your request. Sorry about that!",
            type: "server_error",
            code: null,
          },
        });
      case "malformed":
        return sendJson(res, 200, { id: "chatcmpl-fake", object: "chat.completion", choices: [] });
      default: {
        const paragraphs = user.split(/\n\s*\n/).map((paragraph) => fakeTranslate(paragraph.trim(), target));
        const content = paragraphs.join(options.mergeParagraphs ? " " : "\n\n");
        return sendJson(res, 200, {
          id: `chatcmpl-fake-${state.requests.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? "fake",
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
          usage: {
            prompt_tokens: user.length,
            completion_tokens: content.length,
            total_tokens: user.length + content.length,
          },
        });
      }
    }
  }, port);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startFakeOpenAIServer(Number(process.env.FAKE_PORT ?? 0));
  console.log(`fake OpenAI on ${server.url}/v1`);
}
