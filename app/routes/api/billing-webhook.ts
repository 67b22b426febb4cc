import type { Route } from "./+types/billing-webhook";
import { receiveStripeWebhook } from "~/features/billing/webhook.server";
import { readBodyText } from "~/features/platform/forms.server";

/**
 * POST /api/billing/webhook — Stripe's signed events. The raw body is read as text: the signature covers the exact
 * bytes, so it must not be parsed first. (Express exempts this path from the same-origin check.)
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  // Within the body limit (the Express guard refuses a larger declared size before this runs).
  const body = await readBodyText(request);
  if (!body.ok) return Response.json({ error: "Payload too large" }, { status: body.status });
  const answer = await receiveStripeWebhook({ payload: body.text, signature: request.headers.get("stripe-signature") });
  return Response.json(answer.body, { status: answer.status });
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
