import { getAuth } from "./auth.server";

/** Whether a reset link can still be used (exists, unused, not older than one hour), without using it up. */
export async function isPasswordResetTokenValid(token: string): Promise<boolean> {
  if (!token || token.length > 512) return false;
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}
