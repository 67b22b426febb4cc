import { leasedRound } from "~/features/platform/background-lease.server";
import { logger } from "~/lib/logger.server";
import { RepeatingTask } from "~/lib/repeating-task.server";
import { purgeExpiredInvitations } from "./invitations.server";

const hourMs = 60 * 60 * 1000;

/** Expired invitations (and the addresses in them) are deleted at start-up and then every hour. */
const invitationPurge = new RepeatingTask(
  leasedRound("invitation purge", hourMs, async () => {
    try {
      const removed = await purgeExpiredInvitations();
      if (removed) logger.info({ removed }, "expired invitations deleted");
    } catch (error) {
      logger.warn({ err: error }, "invitation clean-up failed");
    }
  }),
  hourMs,
);

export async function startInvitationPurge(): Promise<void> {
  invitationPurge.start();
}

export function stopInvitationPurge(): Promise<void> {
  return invitationPurge.stop();
}
