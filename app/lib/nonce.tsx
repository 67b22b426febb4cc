import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response on the server; browsers hide it, so the client sees undefined. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
