import type http from "node:http";

/**
 * Stops an HTTP server the way a restart or deploy needs: no new connections; every request already under way gets
 * its answer (a save half-way is answered, not cut); keep-alive connections close once they are done (requests that
 * still arrive on them are answered with `Connection: close`). After `graceMs` whatever is left is cut. Resolves
 * true when everything finished in time; the caller closes the database only afterwards.
 */
export async function drainHttpServer(server: http.Server, graceMs: number): Promise<boolean> {
  server.prependListener("request", (_request: http.IncomingMessage, response: http.ServerResponse) =>
    response.setHeader("connection", "close"),
  );
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A connection between two requests holds no one's work: closed at once, and again as each one finishes.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  try {
    const drained = await Promise.race([closed.then(() => true as const), deadline]);
    if (!drained) server.closeAllConnections();
    return drained;
  } finally {
    clearInterval(sweeper);
    clearTimeout(timer);
  }
}
