import { redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { requireAppContext } from "~/features/household/app-context.server";
import { markNotificationsRead } from "~/features/household/notifications.server";
import { requireForm } from "~/features/platform/forms.server";

/** Opening the notifications marks them read. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  // No fields, but the body must still be a form (a JSON or oversized post is refused like everywhere else).
  await requireForm(request);
  await markNotificationsRead({ userId: context.user.id });
  return { ok: true };
}

export async function loader() {
  throw redirect("/app");
}
