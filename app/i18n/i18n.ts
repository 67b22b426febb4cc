import { cookies } from "~/lib/cookies";

/** Local-storage key holding the chosen interface language: the language cookie's name. */
export const languageStorageKey = cookies.language.name;
