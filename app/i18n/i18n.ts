/** Cookie and local-storage key holding the chosen interface language. */
export const languageStorageKey = "lang";
