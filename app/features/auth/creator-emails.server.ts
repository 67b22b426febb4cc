import { getConfig } from "~/config.server";

/** CREATOR_EMAILS as a set of lower-case addresses. */
export function creatorEmails(): Set<string> {
  return new Set(
    getConfig()
      .CREATOR_EMAILS.split(/[,\s]+/)
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}
