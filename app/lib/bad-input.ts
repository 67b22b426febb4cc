import { isRouteErrorResponse } from "react-router";
import { isOneOf } from "./one-of";

/**
 * Why a request's body could not be taken, each with a translation under `common:badInput.<code>`: over the size
 * limit, not a well-formed form (JSON, binary, broken encoding, a file), or text with control characters (a NUL byte).
 */
export const badInputCodes = ["INPUT_TOO_LARGE", "INVALID_INPUT", "INVALID_CHARACTERS"] as const;

export type BadInputCode = (typeof badInputCodes)[number];

/** What an action throws when its form cannot be read; error boundaries recognise it with badInputOf. */
export interface BadInputData {
  badInput: BadInputCode;
}

/** The code of a refused form that reached an error boundary, if that is what the error is. */
export function badInputOf(error: unknown): BadInputCode | undefined {
  if (!isRouteErrorResponse(error) || (error.status !== 400 && error.status !== 413)) return undefined;
  const data: unknown = error.data;
  const code = typeof data === "object" && data !== null && "badInput" in data ? data.badInput : undefined;
  return isOneOf(badInputCodes, code) ? code : undefined;
}
