import type { Language } from "~/domain/languages";

/** The signed-in user as pages and use cases see them. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  locale: Language | null;
  isCreator: boolean;
  twoFactorEnabled: boolean;
}
