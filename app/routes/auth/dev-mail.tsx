import { data } from "react-router";
import type { Route } from "./+types/dev-mail";
import { isProduction } from "~/config.server";
import { listOutbox, mailDelivery, outboxDirectory } from "~/features/mail/mailer.server";
import { isLoopbackAddress } from "~/lib/loopback";
import { hostNameOf, isLoopbackName } from "~/lib/site-names.server";
import { requestStoreContext } from "~/lib/request-store.server";

/**
 * Development only: the mails Samen would have sent, so a newcomer who ran `npm start` can finish sign-up. They hold
 * live reset-password links, so only this machine sees them, under a loopback name — judged by the connection itself, never by
 * X-Forwarded-For — whatever HOST the server listens on; anyone else gets 404.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // A loopback peer under a loopback name: a page re-pointed at 127.0.0.1 (DNS rebinding) comes from this machine
  // too, but under its own name (decision 0036).
  const underLoopbackName = isLoopbackName(hostNameOf(request.headers.get("host") ?? undefined));
  if (isProduction() || !underLoopbackName || !isLoopbackAddress(context.get(requestStoreContext).socketAddress))
    throw data("Not Found", { status: 404 });
  return { delivery: mailDelivery(), directory: outboxDirectory(), mails: await listOutbox() };
}

// A developer tool, deliberately in English only and never shown in production.
export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { delivery, directory, mails } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <title>Development outbox · Samen</title>
      <meta name="robots" content="noindex" />
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold">Development outbox</h1>
        <p className="text-muted-foreground">
          {delivery === "smtp"
            ? "SMTP_URL is set, so mail goes to that server and nothing is kept here."
            : `Mails Samen would have sent, newest first (from ${directory}). Set SMTP_URL to send real mail.`}
        </p>
      </div>
      {mails.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-center text-muted-foreground">No mail yet.</p>
      ) : (
        <ul className="grid gap-4">
          {mails.map((mail) => (
            <li key={mail.id} className="grid gap-3 rounded-lg border bg-card p-5">
              <div className="grid gap-1">
                <h2 className="text-lg font-semibold">{mail.subject}</h2>
                <p className="text-sm text-muted-foreground">
                  To {mail.to} ·{" "}
                  {new Date(mail.createdAt).toLocaleString("en-GB", { timeZone: "UTC", timeZoneName: "short" })} ·{" "}
                  {mail.kind}
                </p>
              </div>
              {mail.links.length > 0 && (
                <ul className="grid gap-1">
                  {mail.links.map((link) => (
                    <li key={link}>
                      <a href={link} className="break-all font-medium text-primary underline underline-offset-4">
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <details>
                <summary className="cursor-pointer text-sm font-medium">Plain text</summary>
                <pre className="mt-2 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">
                  {mail.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
