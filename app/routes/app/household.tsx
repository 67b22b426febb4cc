import { redirect } from "react-router";
import type { Route } from "./+types/household";
import { householdCookieHeader, requireAppContext } from "~/features/household/app-context.server";
import { safeAppPath } from "~/features/entries/transaction-actions.server";
import { requireForm } from "~/features/platform/forms.server";

/** The household switcher's POST: remembers the choice (only a household the user belongs to) and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { form } = await requireForm(request);
  const householdId = String(form.get("householdId") ?? "");
  const target = safeAppPath(String(form.get("redirectTo") ?? "")) ?? "/app";
  if (!context.households.some((household) => household.id === householdId)) throw redirect(target, 303);
  const secure = new URL(request.url).protocol === "https:";
  throw redirect(target, { status: 303, headers: { "Set-Cookie": householdCookieHeader(householdId, secure) } });
}

export async function loader() {
  throw redirect("/app");
}
