import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTemplate, fillTemplate, newNonce, withNonce, type CompressedEncoding } from "./page-template";

const placeholder = newNonce();
const decode = (encoding: CompressedEncoding, body: Buffer) =>
  encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
const page = (segments: string[], nonce: string) => Buffer.from(segments.join(nonce));

// Page-like text: repeated tags (which compressors copy from far back), words in several scripts, and random text.
const pageText = fc.oneof(
  fc
    .array(
      fc.constantFrom(
        '<link rel="modulepreload" href="/assets/',
        "chunk-",
        '.js" nonce="',
        '"/>',
        "<p>",
        "Budget ",
        "Haushalt ",
        "Бюджет ",
        "Bütçe ",
        "==",
        "\n",
      ),
      { maxLength: 60 },
    )
    .map((words) => words.join("")),
  fc
    .string({ unit: "grapheme", maxLength: 200 })
    .map((text) => [...text].map((character) => (character.charCodeAt(0) < 0x20 ? " " : character)).join("")),
);

describe("a page kept with a place for each response's nonce", () => {
  it("decodes, in every encoding it keeps, to the page with the response's own nonce", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pageText, { minLength: 1, maxLength: 40 }),
        fc.array(fc.constant(null), { minLength: 1, maxLength: 3 }),
        async (segments, responses) => {
          const template = await buildTemplate(page(segments, placeholder), placeholder);
          for (const _ of responses) {
            const nonce = newNonce();
            expect(fillTemplate(template, nonce, "identity").equals(page(segments, nonce))).toBe(true);
            for (const encoding of ["br", "gzip"] as const) {
              if (template.compressed[encoding])
                expect(decode(encoding, fillTemplate(template, nonce, encoding)).equals(page(segments, nonce))).toBe(
                  true,
                );
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps a realistic page in brotli and gzip, about as small as compressing it whole", async () => {
    const head = Array.from(
      { length: 20 },
      (_, index) => `<link rel="modulepreload" href="/assets/chunk-${index}-AbCdEf.js" nonce="`,
    );
    const words = [
      "samen",
      "budget",
      "plan",
      "geld",
      "maand",
      "huur",
      "sparen",
      "doel",
      "rekening",
      "uitgaven",
      "inkomen",
      "partner",
      "kosten",
      "boodschappen",
      "vakantie",
      "energie",
    ];
    const text = Array.from(
      { length: 4000 },
      (_, index) => words[Math.floor(Math.abs(Math.sin(index * 12.9898) * 43_758.5453)) % words.length],
    ).join(" ");
    const body = `"/></head><body><article><h2>Een plan voor twee</h2><p>${text}</p></article><script nonce="`;
    const segments = [
      "<!DOCTYPE html><html><head>",
      ...head.map((link, index) => (index === 0 ? link : `"/>${link}`)),
      body,
      '">window.__data = 1</script></body></html>',
    ];
    const template = await buildTemplate(page(segments, placeholder), placeholder);
    expect(Object.keys(template.compressed).sort()).toEqual(["br", "gzip"]);
    const nonce = newNonce();
    const whole = page(segments, nonce);
    const brotli = fillTemplate(template, nonce, "br");
    expect(decode("br", brotli).equals(whole)).toBe(true);
    expect(brotli.length).toBeLessThan(
      zlib.brotliCompressSync(whole, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length * 1.25,
    );
  });

  it("keeps a signed-in page cut at 80 places in gzip, for a person (decision 0030)", async () => {
    // The dashboard's shape: a module preload per chunk, each with the nonce, then inline scripts.
    const segments = Array.from(
      { length: 80 },
      (_, index) => `"/><link rel="modulepreload" href="/assets/chunk-${"x".repeat(index % 7)}${index}.js" nonce="`,
    );
    const template = await buildTemplate(page(segments, placeholder), placeholder, undefined, "personal");
    expect(Object.keys(template.compressed)).toEqual(["gzip"]);
    const nonce = newNonce();
    expect(decode("gzip", fillTemplate(template, nonce, "gzip")).equals(page(segments, nonce))).toBe(true);
  });

  it("names the page by its content, whatever stood in for the nonce", async () => {
    const other = newNonce();
    const [first, second, changed] = await Promise.all([
      buildTemplate(page(["<p>", "</p>"], placeholder), placeholder),
      buildTemplate(page(["<p>", "</p>"], other), other),
      buildTemplate(page(["<p>", "!</p>"], placeholder), placeholder),
    ]);
    expect(first.hash).toBe(second.hash);
    expect(changed.hash).not.toBe(first.hash);
    // Rendered again unchanged: the template it was kept as is taken again, compressed forms and all.
    expect(await buildTemplate(page(["<p>", "</p>"], placeholder), placeholder, first)).toBe(first);
    expect(await buildTemplate(page(["<p>", "!</p>"], placeholder), placeholder, first)).not.toBe(first);
  });

  it("keeps only the plain page when the page itself holds control characters", async () => {
    const template = await buildTemplate(
      page(['<p>a\u0001b</p><script nonce="', '"></script>'], placeholder),
      placeholder,
    );
    expect(template.compressed).toEqual({});
    const nonce = newNonce();
    expect(fillTemplate(template, nonce, "identity").toString()).toBe(
      `<p>a\u0001b</p><script nonce="${nonce}"></script>`,
    );
  });

  it("answers a page rendered for the cache with the response's nonce when it cannot be kept", () => {
    const nonce = newNonce();
    expect(
      withNonce(Buffer.from(`<a nonce="${placeholder}"></a><b nonce="${placeholder}">`), placeholder, nonce).toString(),
    ).toBe(`<a nonce="${nonce}"></a><b nonce="${nonce}">`);
  });
});
