import Maximize2Icon from "lucide-react/icons/maximize-2";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { assetHref, usePublicEnv } from "~/features/marketing/public-env";
import { screenshotPath, screenshots, thumbnailWidth, type ScreenshotKey } from "~/features/marketing/screenshots";
import type { ScreenshotView } from "./screenshot-dialog";
import { Section, SectionHeader } from "./section";

// The dialog (Radix) is fetched when a visitor first reaches for a screenshot, not with the page.
const loadDialog = () => import("./screenshot-dialog");
const ScreenshotDialog = lazy(loadDialog);

export function ScreenshotGallery() {
  const { t } = useTranslation(["marketing", "common"]);
  const { assetsUrl } = usePublicEnv();
  const [selected, setSelected] = useState<ScreenshotKey | null>(null);
  const [used, setUsed] = useState(false);
  const openedFrom = useRef<HTMLButtonElement | null>(null);
  const shot = screenshots.find((candidate) => candidate.key === selected);
  const view: ScreenshotView | null = shot
    ? {
        src: assetHref(assetsUrl, screenshotPath(shot.key, shot.width)),
        width: shot.width,
        height: shot.height,
        title: t(`home.screenshots.items.${shot.key}.title`),
        description: t(`home.screenshots.items.${shot.key}.text`),
        alt: t(`home.screenshots.items.${shot.key}.alt`),
      }
    : null;

  return (
    <Section aria-labelledby="screenshots-title">
      <SectionHeader
        id="screenshots-title"
        eyebrow={t("home.screenshots.eyebrow")}
        title={t("home.screenshots.title")}
        subtitle={t("home.screenshots.subtitle")}
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {screenshots.map((shot) => {
          const title = t(`home.screenshots.items.${shot.key}.title`);
          return (
            <li key={shot.key} className="flex flex-col">
              <button
                type="button"
                aria-label={t("home.screenshots.enlargeLabel", { title })}
                aria-haspopup="dialog"
                onPointerEnter={() => void loadDialog()}
                onFocus={() => void loadDialog()}
                onClick={(event) => {
                  openedFrom.current = event.currentTarget;
                  setUsed(true);
                  setSelected(shot.key);
                }}
                className="group relative overflow-hidden rounded-2xl border bg-muted shadow-sm transition-shadow hover:shadow-lg"
              >
                <img
                  src={assetHref(assetsUrl, screenshotPath(shot.key, thumbnailWidth))}
                  srcSet={`${assetHref(assetsUrl, screenshotPath(shot.key, thumbnailWidth))} ${thumbnailWidth}w, ${assetHref(assetsUrl, screenshotPath(shot.key, shot.width))} ${shot.width}w`}
                  sizes="(min-width: 1152px) 352px, (min-width: 768px) 30vw, 92vw"
                  width={shot.width}
                  height={shot.height}
                  loading="lazy"
                  decoding="async"
                  alt={t(`home.screenshots.items.${shot.key}.alt`)}
                  className="aspect-[8/5] h-auto w-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.02]"
                />
                <span className="absolute bottom-3 right-3 flex items-center gap-1.5 rounded-full bg-card/95 px-3 py-1.5 text-xs font-medium text-foreground shadow">
                  <Maximize2Icon aria-hidden="true" className="size-3.5" />
                  {t("home.screenshots.enlarge")}
                </span>
              </button>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                {t(`home.screenshots.items.${shot.key}.text`)}
              </p>
            </li>
          );
        })}
      </ul>
      {used && (
        <Suspense fallback={null}>
          <ScreenshotDialog
            view={view}
            closeLabel={t("common:actions.close")}
            onClose={() => setSelected(null)}
            returnFocusTo={openedFrom}
          />
        </Suspense>
      )}
    </Section>
  );
}
