import { useRef, type ReactNode, type RefObject } from "react";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  closeLabel: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** The menu's contents come from the header, so this lazily loaded chunk holds only the Radix dialog. */
  children: ReactNode;
}

export default function MobileMenuSheet({
  open,
  onOpenChange,
  title,
  closeLabel,
  returnFocusTo,
  children,
}: MobileMenuSheetProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        ref={contentRef}
        side="right"
        closeLabel={closeLabel}
        aria-describedby={undefined}
        className="gap-6 starting:translate-x-full"
        onOpenAutoFocus={(event) => {
          // Radix skips links when it picks what to focus; the first page link is the natural start.
          event.preventDefault();
          contentRef.current?.querySelector<HTMLAnchorElement>("nav a")?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Our trigger is not a Radix Trigger, so hand focus back to it ourselves.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">{title}</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  );
}
