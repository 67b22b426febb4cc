import { leasedTask } from "~/features/platform/background-lease.server";
import { logger } from "~/lib/logger.server";
import { processWide } from "~/lib/global-singleton";
import { purgeExpiredInvitations } from "./invitations.server";

const hourMs = 60 * 60 * 1000;

/**
 * Expired invitations (and the addresses in them) are deleted at start-up and then every hour. One task per process,
 * whichever copy of this module the development server's reloads made.
 */
const invitationPurge = processWide("invitationPurge", () =>
  leasedTask("invitation purge", hourMs, async () => {
    const removed = await purgeExpiredInvitations();
    if (removed) logger.info({ removed }, "expired invitations deleted");
  }),
);

export async function startInvitationPurge(): Promise<void> {
  invitationPurge.start();
}

export function stopInvitationPurge(): Promise<void> {
  return invitationPurge.stop();
}
