import { useRouteLoaderData } from "react-router";
import type { getRootData } from "~/composition/root-data.server";

/**
 * The root loader's data (app/composition/root-data.server.ts), typed from the function that makes it (a type-only
 * import, the one a feature may make of the composition root); undefined only where the root loader has not answered
 * (an error page). Features read it here, as they must not import the root route.
 */
export function useRootData() {
  return useRouteLoaderData<typeof getRootData>("root");
}
