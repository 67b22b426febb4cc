import type { Route } from "./+types/translation-jobs";
import { getOptionalUser } from "~/features/auth/session.server";
import { getTranslateAllProgress } from "~/features/blog/translate-all.server";

/** Progress of a creator's bulk translation, polled by the blog list. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  const progress = await getTranslateAllProgress({ userId: user?.id, batchId: params.batchId });
  if (!progress)
    return Response.json({ error: "Not found" }, { status: 404, headers: { "cache-control": "no-store" } });
  return Response.json(progress, { headers: { "cache-control": "no-store" } });
}
