import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "./session-user";

/** The signed-in user from the root loader, or null; every page and the header read it from here. */
export function useOptionalUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user?: SessionUser | null } | undefined;
  return data?.user ?? null;
}
