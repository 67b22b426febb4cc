import { redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { requireAppContext } from "~/features/budget/app-context.server";
import { markNotificationsRead } from "~/features/budget/notifications.server";

/** Opening the notifications marks them read. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  await markNotificationsRead({ userId: context.user.id });
  return { ok: true };
}

export async function loader() {
  throw redirect("/app");
}
