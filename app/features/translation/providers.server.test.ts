import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeDeeplKey, startFakeDeeplServer } from "../../../tests/fakes/deepl-server";
import type { FakeMode, FakeServer } from "../../../tests/fakes/fake-translation-server";
import { startFakeLibreTranslateServer } from "../../../tests/fakes/libretranslate-server";
import { fakeOpenAIKey, startFakeOpenAIServer } from "../../../tests/fakes/openai-server";
import { createDeeplProvider } from "./deepl-provider.server";
import { createLibreTranslateProvider } from "./libretranslate-provider.server";
import { createOpenAIProvider } from "./openai-provider.server";
import type { TranslationProvider } from "./provider";
import { createTranslationProvider } from "./providers.server";
import { toTranslationErrorMessage, translationMessages } from "./translation-errors";

async function failureMessage(provider: TranslationProvider): Promise<string> {
  try {
    await provider.translate({ texts: ["Hello"], source: "en", target: "de" });
  } catch (error) {
    return toTranslationErrorMessage(error);
  }
  throw new Error("expected the translation to fail");
}

interface Case {
  name: string;
  start(): Promise<FakeServer>;
  provider(server: FakeServer): TranslationProvider;
  quota: boolean;
}

const cases: Case[] = [
  {
    name: "DeepL",
    start: () => startFakeDeeplServer(),
    provider: (server) => createDeeplProvider({ authKey: fakeDeeplKey, serverUrl: server.url }),
    quota: true,
  },
  {
    name: "OpenAI-compatible",
    start: () => startFakeOpenAIServer(),
    provider: (server) =>
      createOpenAIProvider({ apiKey: fakeOpenAIKey, baseURL: `${server.url}/v1`, model: "gpt-4o-mini" }),
    quota: true,
  },
  {
    name: "LibreTranslate",
    start: () => startFakeLibreTranslateServer(),
    provider: (server) => createLibreTranslateProvider({ url: server.url }),
    quota: true,
  },
];

for (const testCase of cases) {
  describe(`${testCase.name} provider against its fake server`, () => {
    let server: FakeServer;
    let provider: TranslationProvider;
    beforeAll(async () => {
      server = await testCase.start();
      provider = testCase.provider(server);
    });
    afterEach(() => server.reset());
    afterAll(() => server.close());

    it("translates every text, in order", async () => {
      const texts = ["Budgeting together", "Talk about money once a week.", "Keep a buffer."];
      const translated = await provider.translate({ texts, source: "en", target: "de" });
      expect(translated).toEqual(texts.map((text) => `[de] ${text}`));
    });

    it("maps 429 to the rate-limit message", async () => {
      server.setMode("rate-limit");
      expect(await failureMessage(provider)).toBe(translationMessages.rateLimit);
    });

    if (testCase.quota) {
      it("maps an exhausted quota to the quota message", async () => {
        server.setMode("quota");
        expect(await failureMessage(provider)).toBe(translationMessages.quota);
      });
    }

    it("reports a 5xx as a generic failure, not as rate limit or quota", async () => {
      server.setMode("server-error");
      const message = await failureMessage(provider);
      expect(message).not.toBe(translationMessages.rateLimit);
      expect(message).not.toBe(translationMessages.quota);
      expect(message).toMatch(/500|server|internal/i);
    });

    it("refuses a malformed reply", async () => {
      server.setMode("malformed");
      const message = await failureMessage(provider);
      expect(message).not.toBe(translationMessages.rateLimit);
      expect(message).not.toBe(translationMessages.quota);
      expect(message.length).toBeGreaterThan(0);
    });

    it("recovers once the service does", async () => {
      server.setMode("server-error" as FakeMode, 1);
      await expect(provider.translate({ texts: ["A"], source: "en", target: "fr" })).rejects.toThrow();
      await expect(provider.translate({ texts: ["A"], source: "en", target: "fr" })).resolves.toEqual(["[fr] A"]);
    });
  });
}

describe("language codes sent to each service", () => {
  it("DeepL targets EN-GB for English and UK for Ukrainian", async () => {
    const server = await startFakeDeeplServer();
    try {
      const provider = createDeeplProvider({ authKey: fakeDeeplKey, serverUrl: server.url });
      expect(await provider.translate({ texts: ["Hallo"], source: "de", target: "en" })).toEqual(["[en-gb] Hallo"]);
      expect(await provider.translate({ texts: ["Hello"], source: "en", target: "ua" })).toEqual(["[uk] Hello"]);
      expect(await provider.translate({ texts: ["Привіт"], source: "ua", target: "pl" })).toEqual(["[pl] Привіт"]);
      const bodies = server.state.requests.map((request) => new URLSearchParams(request.body));
      expect(bodies.map((body) => body.get("target_lang")?.toUpperCase())).toEqual(["EN-GB", "UK", "PL"]);
      expect(bodies[2]?.get("source_lang")?.toUpperCase()).toBe("UK");
    } finally {
      await server.close();
    }
  });

  it("LibreTranslate uses uk for Ukrainian", async () => {
    const server = await startFakeLibreTranslateServer();
    try {
      const provider = createLibreTranslateProvider({ url: server.url });
      expect(await provider.translate({ texts: ["Hello", "World"], source: "en", target: "ua" })).toEqual([
        "[uk] Hello",
        "[uk] World",
      ]);
      expect(JSON.parse(server.state.requests[0]?.body ?? "{}")).toMatchObject({
        source: "en",
        target: "uk",
        format: "text",
      });
    } finally {
      await server.close();
    }
  });
});

describe("OpenAI-compatible provider keeps paragraphs", () => {
  it("sends the article in one request when the model keeps the paragraphs", async () => {
    const server = await startFakeOpenAIServer();
    try {
      const provider = createOpenAIProvider({
        apiKey: fakeOpenAIKey,
        baseURL: `${server.url}/v1`,
        model: "local-model",
      });
      const texts = ["Title", "First paragraph.", "Second paragraph."];
      expect(await provider.translate({ texts, source: "en", target: "nl" })).toEqual(
        texts.map((text) => `[nl] ${text}`),
      );
      expect(server.state.requests).toHaveLength(1);
      expect(JSON.parse(server.state.requests[0]?.body ?? "{}").model).toBe("local-model");
    } finally {
      await server.close();
    }
  });

  it("falls back to one request per paragraph when the model merges them", async () => {
    const server = await startFakeOpenAIServer(0, { mergeParagraphs: true });
    try {
      const provider = createOpenAIProvider({
        apiKey: fakeOpenAIKey,
        baseURL: `${server.url}/v1`,
        model: "local-model",
      });
      const texts = ["Title", "First paragraph.", "Second paragraph."];
      expect(await provider.translate({ texts, source: "en", target: "es" })).toEqual(
        texts.map((text) => `[es] ${text}`),
      );
      expect(server.state.requests).toHaveLength(1 + texts.length);
    } finally {
      await server.close();
    }
  });
});

describe("provider choice from configuration", () => {
  const base = {
    TRANSLATION_PROVIDER: "none" as const,
    DEEPL_API_KEY: undefined,
    DEEPL_SERVER_URL: undefined,
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    OPENAI_MODEL: "gpt-4o-mini",
    LIBRETRANSLATE_URL: undefined,
    LIBRETRANSLATE_API_KEY: undefined,
  };

  it("has no provider when none is configured, or when the chosen one lacks its settings", () => {
    expect(createTranslationProvider(base)).toBeNull();
    expect(createTranslationProvider({ ...base, TRANSLATION_PROVIDER: "deepl" })).toBeNull();
    expect(createTranslationProvider({ ...base, TRANSLATION_PROVIDER: "libretranslate" })).toBeNull();
    expect(createTranslationProvider({ ...base, TRANSLATION_PROVIDER: "openai" })).toBeNull();
  });

  it("builds the named provider", () => {
    expect(createTranslationProvider({ ...base, TRANSLATION_PROVIDER: "deepl", DEEPL_API_KEY: "k" })?.name).toBe(
      "deepl",
    );
    expect(
      createTranslationProvider({ ...base, TRANSLATION_PROVIDER: "openai", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" })
        ?.name,
    ).toBe("openai");
    expect(
      createTranslationProvider({
        ...base,
        TRANSLATION_PROVIDER: "libretranslate",
        LIBRETRANSLATE_URL: "http://127.0.0.1:1",
      })?.name,
    ).toBe("libretranslate");
  });
});
