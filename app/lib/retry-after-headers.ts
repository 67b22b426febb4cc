import type { HeadersFunction } from "react-router";

/**
 * A route's `headers` export that keeps the Retry-After its action or loader set. Without a `headers` export React
 * Router passes only Set-Cookie from `data(…, { headers })` on to the response, so a 429 would reach the browser
 * (and the `.data` request of a form) without saying when to try again.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter =
    actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
