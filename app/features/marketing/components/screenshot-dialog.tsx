import type { RefObject } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

export interface ScreenshotView {
  src: string;
  width: number;
  height: number;
  title: string;
  description: string;
  alt: string;
}

interface ScreenshotDialogProps {
  /** The picture to show, or null when closed. Everything arrives as props so this chunk holds only the dialog. */
  view: ScreenshotView | null;
  closeLabel: string;
  onClose(): void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export default function ScreenshotDialog({ view, closeLabel, onClose, returnFocusTo }: ScreenshotDialogProps) {
  return (
    <Dialog open={Boolean(view)} onOpenChange={(open) => !open && onClose()}>
      {view && (
        <DialogContent
          closeLabel={closeLabel}
          className="max-w-5xl gap-3 p-3 sm:p-4"
          onCloseAutoFocus={(event) => {
            // The cards are not Radix triggers: send focus back to the one that opened the dialog.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="pl-1 pr-10 pt-1">
            <DialogTitle>{view.title}</DialogTitle>
            <DialogDescription>{view.description}</DialogDescription>
          </div>
          <img
            src={view.src}
            width={view.width}
            height={view.height}
            alt={view.alt}
            className="h-auto w-full rounded-lg border"
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
