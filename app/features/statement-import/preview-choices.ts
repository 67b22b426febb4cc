/**
 * What a preview row's category select posts to keep a rule's split of the row rather than one category (the
 * browser's form and the server's confirmation read the same value).
 */
export const splitChoice = "split";
