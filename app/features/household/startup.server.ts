import { onAccountCreated } from "~/features/auth/auth.server";
import { ensurePersonalHousehold } from "./households.server";

async function givePersonalHousehold({ userId }: { userId: string }): Promise<void> {
  await ensurePersonalHousehold({ userId });
}

/** Every new account gets its own household at once (the app also creates it lazily if this ever fails). */
export async function startHouseholds(): Promise<void> {
  onAccountCreated(givePersonalHousehold);
}
