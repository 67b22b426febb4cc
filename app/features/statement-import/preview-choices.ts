import type { PostedLine } from "~/features/entries/transaction.schema";

/**
 * What a preview row's category select posts to keep a rule's split of the row rather than one category (the
 * browser's form and the server's confirmation read the same value).
 */
export const splitChoice = "split";

/**
 * What the person had chosen in a preview the server shows again (a split that did not add up, or "Split evenly"
 * pressed before the script ran), so nothing they typed is lost. Keys are the rows' line numbers.
 */
export interface TypedPreview {
  categories: Record<string, string>;
  unticked: number[];
  splits: Record<string, PostedLine[]>;
  /** Rows found already entered that were to be added as new entries instead. */
  asNew?: number[];
}

/** The prefix of a preview row's split fields: `row-12-lineAmount` and so on (parseLineRows reads them). */
export const rowSplitPrefix = (line: number) => `row-${line}-`;
