import type { Route } from "./+types/export-data-json";
import { exportMyData } from "~/features/data-rights/export-data.server";
import { requireUser } from "~/features/auth/session.server";
import { downloadHeaders } from "~/features/exports/export-request";

/** GET /app/settings/data/export.json — everything Samen holds about the signed-in user (every plan). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { fileName, stream } = await exportMyData({ userId: user.id });
  return new Response(stream, { headers: downloadHeaders(fileName, "application/json; charset=utf-8") });
}
