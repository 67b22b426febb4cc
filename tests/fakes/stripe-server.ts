// A fake Stripe API for tests: the few endpoints Samen calls (Checkout sessions, subscription update and cancel),
// speaking Stripe's protocol (Bearer secret key, form-encoded bodies with bracketed keys, JSON answers, error
// objects). It also plays Stripe's part after a payment: `completeCheckout()` builds the events Stripe would send.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const fakeStripeKey = "sk_test_fake_samen";
export const fakeStripePrice = "price_fake_premium_monthly";

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete";
  success_url: string;
  cancel_url: string;
  params: Record<string, string>;
}

interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      current_period_start: number;
      current_period_end: number;
      price: { id: string };
    }[];
  };
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Marks a session paid and returns the events Stripe would then send, oldest first. */
  completeCheckout(
    sessionId: string,
    now?: number,
  ): { sessionCompleted: object; subscriptionCreated: object; invoicePaid: object };
  /** A Stripe event envelope around `object`. */
  event(
    type: string,
    object: object,
    created?: number,
  ): {
    id: string;
    object: "event";
    type: string;
    created: number;
    api_version: string;
    livemode: false;
    data: { object: object };
  };
  /** Makes the next API call answer with a Stripe error of this HTTP status. */
  failNext(status: number): void;
  close(): Promise<void>;
}

const day = 24 * 60 * 60;

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString("hex")}`;
}

function stripeError(res: http.ServerResponse, status: number, message: string, type = "invalid_request_error") {
  res.writeHead(status, { "content-type": "application/json", "request-id": randomId("req") });
  res.end(JSON.stringify({ error: { type, message } }));
}

function send(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { "content-type": "application/json", "request-id": randomId("req") });
  res.end(JSON.stringify(body));
}

/** Bracketed keys become plain entries: `metadata[householdId]` → "metadata[householdId]". */
function readParams(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function metadataOf(params: Record<string, string>, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export function startFakeStripe(port = 0): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  let failStatus: number | null = null;
  let baseUrl = "";

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const params = readParams(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: req.method ?? "GET", path: url.pathname, params });
      if (req.headers.authorization !== `Bearer ${fakeStripeKey}`)
        return stripeError(res, 401, "Invalid API Key provided", "authentication_error");
      if (failStatus) {
        const status = failStatus;
        failStatus = null;
        return stripeError(res, status, "Fake failure", status >= 500 ? "api_error" : "invalid_request_error");
      }

      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (params.mode !== "subscription") return stripeError(res, 400, "mode must be subscription here");
        if (params["line_items[0][price]"] !== fakeStripePrice)
          return stripeError(res, 400, `No such price: '${params["line_items[0][price]"] ?? ""}'`);
        if (!params.success_url || !params.cancel_url)
          return stripeError(res, 400, "Missing success_url or cancel_url");
        const id = randomId("cs_test");
        const session: FakeSession = {
          id,
          object: "checkout.session",
          mode: params.mode,
          url: `${baseUrl}/pay/${id}`,
          client_reference_id: params.client_reference_id ?? null,
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          metadata: metadataOf(params, "metadata"),
          subscription: null,
          payment_status: "unpaid",
          status: "open",
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          params,
        };
        sessions.set(id, session);
        const { params: _params, ...visible } = session;
        return send(res, visible);
      }

      const subscriptionMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (subscriptionMatch?.[1]) {
        const found = subscriptions.get(subscriptionMatch[1]);
        if (!found) return stripeError(res, 404, `No such subscription: '${subscriptionMatch[1]}'`);
        if (req.method === "GET") return send(res, found);
        if (req.method === "POST") {
          if (params.cancel_at_period_end !== undefined) {
            found.cancel_at_period_end = params.cancel_at_period_end === "true";
            found.cancel_at = found.cancel_at_period_end ? (found.items.data[0]?.current_period_end ?? null) : null;
          }
          return send(res, found);
        }
        if (req.method === "DELETE") {
          found.status = "canceled";
          found.canceled_at = Math.floor(Date.now() / 1000);
          found.cancel_at_period_end = false;
          return send(res, found);
        }
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });

  const event: FakeStripe["event"] = (type, object, created = Math.floor(Date.now() / 1000)) => ({
    id: randomId("evt"),
    object: "event",
    type,
    created,
    api_version: "2026-10-28.endive",
    livemode: false,
    data: { object },
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: baseUrl,
        requests,
        sessions,
        subscriptions,
        event,
        failNext(status) {
          failStatus = status;
        },
        completeCheckout(sessionId, now = Math.floor(Date.now() / 1000)) {
          const session = sessions.get(sessionId);
          if (!session) throw new Error(`no session ${sessionId}`);
          const customer = session.customer ?? randomId("cus");
          const stripeSubscription: FakeSubscription = {
            id: randomId("sub"),
            object: "subscription",
            customer,
            status: "active",
            cancel_at_period_end: false,
            cancel_at: null,
            canceled_at: null,
            metadata: metadataOf(session.params, "subscription_data[metadata]"),
            items: {
              object: "list",
              data: [
                {
                  id: randomId("si"),
                  object: "subscription_item",
                  current_period_start: now,
                  current_period_end: now + 30 * day,
                  price: { id: fakeStripePrice },
                },
              ],
            },
          };
          subscriptions.set(stripeSubscription.id, stripeSubscription);
          Object.assign(session, {
            customer,
            subscription: stripeSubscription.id,
            payment_status: "paid",
            status: "complete",
          });
          const { params: _params, ...visibleSession } = session;
          const invoice = {
            id: randomId("in"),
            object: "invoice",
            customer,
            status: "paid",
            parent: {
              type: "subscription_details",
              subscription_details: { subscription: stripeSubscription.id, metadata: stripeSubscription.metadata },
            },
            lines: { object: "list", data: [{ id: randomId("il"), period: { start: now, end: now + 30 * day } }] },
          };
          return {
            sessionCompleted: event("checkout.session.completed", visibleSession, now),
            subscriptionCreated: event("customer.subscription.created", structuredClone(stripeSubscription), now),
            invoicePaid: event("invoice.paid", invoice, now),
          };
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe(Number(process.env.FAKE_PORT ?? 0));
  console.log(`fake Stripe API on ${fake.url} (key ${fakeStripeKey}, price ${fakeStripePrice})`);
}
