import CheckIcon from "lucide-react/icons/check";

/**
 * One segment of a segmented choice: a label around a visually hidden radio (`peer sr-only`), followed by
 * `<SegmentCheck />` and its text. The chosen segment is filled and checked; a white segment on grey read as the
 * unchosen one. Give the height with the label's own class.
 */
export const segmentClass =
  "flex min-w-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-secondary-foreground transition-colors hover:bg-card/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:checked]:shadow-sm";

/** The check mark a segment shows while its radio (the element just before it) is chosen. */
export function SegmentCheck() {
  return <CheckIcon aria-hidden="true" className="hidden size-4 shrink-0 peer-checked:block" />;
}
