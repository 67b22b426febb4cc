import type { Route } from "./+types/outbox";
import { receiveFromOutbox } from "~/features/entries/outbox.server";

/** POST /app/outbox — an entry the device kept offline, sent once it is back (JSON in the answer, never a page). */
export async function action({ request }: Route.ActionArgs) {
  return receiveFromOutbox(request);
}

/** Only the outbox's sender posts here; a GET (a typed address, a prefetch) reads nothing. */
export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}
