import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/**
 * The CSP nonce of this response: on the server from the request, in the browser read back from the page's scripts
 * (entry.client.tsx), so tags that carry it render the same on both sides.
 */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
