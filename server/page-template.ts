import crypto from "node:crypto";
import zlib from "node:zlib";

/**
 * A rendered page kept for many responses, each with its own CSP nonce. The page is cut wherever the nonce goes;
 * each response puts its own nonce into the cuts. So that serving stays cheap, the page is also kept compressed
 * (brotli and gzip) in the same cut-up form: one compressor runs over the whole page, flushed at every cut so each
 * cut falls on a byte boundary, and a response's nonce goes in as a short uncompressed block of its own (a brotli
 * uncompressed meta-block, a deflate stored block). The compressor saw a stand-in (a filler) there instead of the
 * nonce: a filler made of control characters the page never contains, so nothing after a cut can refer back into
 * one, and with the nonce's fixed "==" ending, so brotli's literal context after the cut is the same. Every
 * compressed form is checked once by decompressing it with a random nonce; one that does not decode to the page is
 * dropped (the page is then compressed per response by the server's compression middleware, as before).
 */

/** A CSP nonce is 16 random bytes in base64: always 24 characters, the last two "==". */
const nonceLength = 24;

export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

export type CompressedEncoding = "br" | "gzip";

export interface PageTemplate {
  /** The page's bytes between the places the nonce goes. */
  readonly segments: readonly Buffer[];
  /** Per encoding: one compressed piece per segment, then the stream's closing bytes. */
  readonly compressed: Readonly<Partial<Record<CompressedEncoding, readonly Buffer[]>>>;
  /** What the template holds in memory. */
  readonly bytes: number;
  /** Names the page's content (without its nonce), the same on every instance that renders the same page. */
  readonly hash: string;
}

/** The parts of `body` between occurrences of `marker`. */
function splitAt(body: Buffer, marker: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, start)) {
    parts.push(body.subarray(start, at));
    start = at + marker.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

function interleave(segments: readonly Buffer[], between: (index: number) => Buffer): Buffer[] {
  const parts: Buffer[] = [];
  segments.forEach((segment, index) => {
    if (index > 0) parts.push(between(index - 1));
    parts.push(segment);
  });
  return parts;
}

/** `body` with every `placeholder` replaced by `nonce`: a page rendered for the cache but answered without it. */
export function withNonce(body: Buffer, placeholder: string, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(interleave(splitAt(body, Buffer.from(placeholder)), () => nonceBytes));
}

// Fillers: 22 control characters, then "==". Windows of a de Bruijn sequence over the control characters (every pair
// of characters occurs once in it), so no two fillers, and no filler and the page, share a pair the compressor could
// match and copy.
const fillerAlphabet = Array.from({ length: 31 }, (_, index) => index + 1).filter(
  (byte) => byte !== 0x09 && byte !== 0x0a && byte !== 0x0d,
);

function deBruijnPairs(symbols: number[]): number[] {
  const k = symbols.length;
  const digits = [0, 0, 0];
  const sequence: number[] = [];
  const visit = (t: number, p: number) => {
    if (t > 2) {
      if (2 % p === 0) for (let j = 1; j <= p; j++) sequence.push(symbols[digits[j]!]!);
      return;
    }
    digits[t] = digits[t - p]!;
    visit(t + 1, p);
    for (let j = digits[t - p]! + 1; j < k; j++) {
      digits[t] = j;
      visit(t + 1, t);
    }
  };
  visit(1, 1);
  return sequence;
}

const fillerSequence = deBruijnPairs(fillerAlphabet);
const fillerStem = nonceLength - 2;
const fillerCount = Math.floor(fillerSequence.length / fillerStem);

function filler(index: number): Buffer {
  const start = (index % fillerCount) * fillerStem;
  return Buffer.concat([Buffer.from(fillerSequence.slice(start, start + fillerStem)), Buffer.from("==")]);
}

/** Compresses the segments with a filler in every cut; returns the pieces around the cuts and the closing bytes. */
async function compressAroundCuts(
  encoding: CompressedEncoding,
  segments: readonly Buffer[],
  effort: TemplateEffort,
): Promise<Buffer[]> {
  const stream =
    encoding === "br"
      ? zlib.createBrotliCompress({
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: effort === "shared" ? 11 : 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createDeflateRaw({ level: effort === "shared" ? 9 : 6, memLevel: 9 });
  const flushKind = encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const output: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => output.push(chunk));
  const ended = new Promise<void>((resolve, reject) => stream.once("end", resolve).once("error", reject));
  const take = () => Buffer.concat(output.splice(0));
  const writeAndFlush = async (bytes: Buffer) => {
    stream.write(bytes);
    await new Promise<void>((resolve) => stream.flush(flushKind, () => resolve()));
  };
  const pieces: Buffer[] = [];
  for (const [index, segment] of segments.entries()) {
    if (index > 0) {
      await writeAndFlush(filler(index - 1));
      take(); // the filler's own compressed form: each response's nonce block goes here instead
    }
    await writeAndFlush(segment);
    pieces.push(take());
  }
  stream.end();
  await ended;
  pieces.push(take());
  return pieces;
}

/** The nonce as a block of its own: brotli's uncompressed meta-block, or deflate's stored block. */
function nonceBlock(encoding: CompressedEncoding, nonce: Buffer): Buffer {
  const length = nonce.length;
  if (encoding === "br") {
    // ISLAST 0, MNIBBLES 4 (coded 0), MLEN-1 in 16 bits, ISUNCOMPRESSED 1; then padding to the byte.
    const header = ((length - 1) << 3) | (1 << 19);
    return Buffer.concat([Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), nonce]);
  }
  return Buffer.concat([Buffer.from([0x00, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]), nonce]);
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page with `nonce` in every cut, in the given encoding (which the template must hold, unless identity). */
export function fillTemplate(template: PageTemplate, nonce: string, encoding: CompressedEncoding | "identity"): Buffer {
  const nonceBytes = Buffer.from(nonce);
  if (encoding === "identity") return Buffer.concat(interleave(template.segments, () => nonceBytes));
  const pieces = template.compressed[encoding];
  if (!pieces || nonceBytes.length !== nonceLength || !nonce.endsWith("=="))
    throw new Error(`no ${encoding} form for this nonce`);
  const block = nonceBlock(encoding, nonceBytes);
  const body = [...interleave(pieces.slice(0, -1), () => block), pieces.at(-1)!];
  if (encoding === "br") return Buffer.concat(body);
  let crc = 0;
  let size = 0;
  for (const part of interleave(template.segments, () => nonceBytes)) {
    crc = zlib.crc32(part, crc);
    size += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([gzipHeader, ...body, trailer]);
}

function decodes(template: PageTemplate, encoding: CompressedEncoding): boolean {
  const nonce = newNonce();
  try {
    const body = fillTemplate(template, nonce, encoding);
    const decoded = encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
    return decoded.equals(fillTemplate(template, nonce, "identity"));
  } catch {
    return false;
  }
}

/**
 * How hard a template is compressed. `shared`: a public page kept for everyone, compressed once for many answers
 * (brotli 11 and gzip 9, some 30 ms for 100 KB). `personal`: a page kept for one person, which the next write to
 * their household replaces, so its compression is paid on a page view: gzip 6 alone (about 1 ms for 80 KB). Not
 * brotli: a signed-in page carries its nonce at some 80 places (every module preload), between pieces of different
 * lengths, and its brotli form then decodes wrong after the second cut (seen on the dashboard at quality 5 and 11;
 * brotli remembers its last copy distances across the filler, which the nonce's block does not reproduce), so it
 * would be made and checked on every render only to be dropped.
 */
export type TemplateEffort = "shared" | "personal";

/**
 * Cuts a page rendered with `placeholder` as its nonce, and compresses it around the cuts; `previous` (the template
 * this page was kept as before) is taken as it is when the page has not changed, so a page rendered again after its
 * time is not compressed again.
 */
export async function buildTemplate(
  body: Buffer,
  placeholder: string,
  previous?: PageTemplate,
  effort: TemplateEffort = "shared",
): Promise<PageTemplate> {
  const segments = splitAt(body, Buffer.from(placeholder));
  const digest = crypto.createHash("sha256");
  for (const segment of segments) digest.update(segment).update("\0nonce\0");
  const hash = digest.digest("base64url").slice(0, 22);
  if (previous?.hash === hash) return previous;
  const identity: PageTemplate = { segments, compressed: {}, bytes: body.length, hash };
  if (segments.some((segment) => fillerAlphabet.some((byte) => segment.includes(byte)))) return identity;

  const compressed: Partial<Record<CompressedEncoding, Buffer[]>> = {};
  let bytes = identity.bytes;
  const encodings = effort === "shared" ? (["br", "gzip"] as const) : (["gzip"] as const);
  for (const encoding of encodings) {
    const pieces = await compressAroundCuts(encoding, segments, effort);
    if (!decodes({ ...identity, compressed: { [encoding]: pieces } }, encoding)) continue;
    compressed[encoding] = pieces;
    bytes += pieces.reduce((sum, piece) => sum + piece.length, 0);
  }
  return { ...identity, compressed, bytes };
}
