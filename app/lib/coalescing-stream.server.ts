import { Transform } from "node:stream";

/**
 * Joins the writes React makes within one turn of the event loop into one chunk. React streams the shell
 * in ~2 KB pieces and the response is flushed after each piece, so without this the compressor restarts
 * its blocks forty times a page: the home page went out as 15.6 KB of brotli where 11.8 KB would do.
 * Content that arrives later (a resolved Suspense boundary) still goes out as soon as it is ready.
 */
export function createCoalescingStream(onEnd: () => void): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      onEnd();
      callback();
    },
  });
  function release() {
    scheduled = false;
    if (pending.length === 0) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  }
  return stream;
}
