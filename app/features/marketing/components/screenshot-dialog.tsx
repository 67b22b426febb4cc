import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { assetHref, usePublicEnv } from "~/features/marketing/public-env";
import { screenshotPath, screenshots, type ScreenshotKey } from "~/features/marketing/screenshots";

interface ScreenshotDialogProps {
  selected: ScreenshotKey | null;
  onClose(): void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export default function ScreenshotDialog({ selected, onClose, returnFocusTo }: ScreenshotDialogProps) {
  const { t } = useTranslation(["marketing", "common"]);
  const { assetsUrl } = usePublicEnv();
  const shot = screenshots.find((candidate) => candidate.key === selected);
  return (
    <Dialog open={Boolean(shot)} onOpenChange={(open) => !open && onClose()}>
      {shot && (
        <DialogContent
          closeLabel={t("common:actions.close")}
          className="max-w-5xl gap-3 p-3 sm:p-4"
          onCloseAutoFocus={(event) => {
            // The cards are not Radix triggers: send focus back to the one that opened the dialog.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="pr-10 pl-1 pt-1">
            <DialogTitle>{t(`home.screenshots.items.${shot.key}.title`)}</DialogTitle>
            <DialogDescription>{t(`home.screenshots.items.${shot.key}.text`)}</DialogDescription>
          </div>
          <img
            src={assetHref(assetsUrl, screenshotPath(shot.key, shot.width))}
            width={shot.width}
            height={shot.height}
            alt={t(`home.screenshots.items.${shot.key}.alt`)}
            className="h-auto w-full rounded-lg border"
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
