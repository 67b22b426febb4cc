import { createContext } from "react-router";
import type { Logger } from "pino";

/** Per-request values the Express server hands to loaders, actions and the document renderer. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  log: Logger;
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>();
