import { processWideSlot } from "~/lib/global-singleton";
import { logger } from "~/lib/logger.server";
import { purgeExpiredInvitations } from "./invitations.server";

const hourMs = 60 * 60 * 1000;
/** One timer per process, however often the dev server reloads this module. */
const purgeTimer = processWideSlot<NodeJS.Timeout>("invitation-purge");

async function purge() {
  try {
    const removed = await purgeExpiredInvitations();
    if (removed) logger.info({ removed }, "expired invitations deleted");
  } catch (error) {
    logger.warn({ err: error }, "invitation clean-up failed");
  }
}

/** Expired invitations (and the addresses in them) are deleted at start-up and then every hour. */
export async function startInvitationPurge(): Promise<void> {
  await purge();
  if (!purgeTimer.get()) purgeTimer.set(setInterval(() => void purge(), hourMs).unref());
}
