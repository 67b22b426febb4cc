import UsersIcon from "lucide-react/icons/users";
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { useTranslation } from "~/i18n/react";
import { tDynamic } from "~/i18n/translator";
import { Button } from "./button";

interface ConflictAnswer<Current> {
  ok: boolean;
  fieldErrors?: Record<string, string | undefined>;
  current?: Current;
}

/**
 * The state of an edit form that saves with a row version (features/platform/row-version.server.ts). The form sends
 * `version`, the version its fields were loaded with; a save based on an old version comes back refused with the row
 * as it is now. Once the page has reloaded that version (after "use theirs" or a successful "save mine anyway") the
 * conflict is over by itself.
 */
export function useRowConflict<Current extends { version: string }>(
  answer: ConflictAnswer<Current> | undefined,
  loadedVersion: string,
) {
  const message = answer && !answer.ok ? answer.fieldErrors?.form : undefined;
  if (message === "conflict.gone") return { gone: true as const, current: undefined };
  const current =
    message === "conflict.changed" && answer?.current && answer.current.version !== loadedVersion
      ? answer.current
      : undefined;
  return { gone: false as const, current };
}

/**
 * The version a form posts. During a conflict there is none: the only way to save is "save mine anyway", which
 * posts the version the other person's change made; a plain submit would be refused again.
 */
export function VersionInput({ version, conflict }: { version: string; conflict: boolean }) {
  return conflict ? null : <input type="hidden" name="version" value={version} />;
}

/**
 * Shown inside an edit form whose save was refused because someone changed the row meanwhile: the row as it is now
 * (`values`, already formatted; an item without a label takes the whole line), "use theirs" (reload the page's data, the form then shows their values) and a
 * submit button that posts the form again on top of their version. Calm colours: nothing went wrong, two people
 * edited at once.
 *
 * "Use theirs" can instead be a link (`useTheirsHref`: a page whose form shows the loaded row opens again, also without
 * JavaScript) or a callback (`onUseTheirs`: a form whose values are not the page's data, such as a sheet, takes them).
 */
export function ConflictNotice({
  gone,
  version,
  values,
  submitLabel,
  message = "conflict.changed",
  useTheirsHref,
  onUseTheirs,
}: {
  gone?: boolean;
  version?: string;
  values?: { label?: string; value: string }[];
  submitLabel?: string;
  message?: "conflict.changed" | "conflict.changedBeforeDelete";
  useTheirsHref?: string;
  onUseTheirs?: () => void;
}) {
  const { t } = useTranslation("app");
  const revalidator = useRevalidator();
  const ref = useRef<HTMLDivElement>(null);
  // It answers the save just pressed, which may have been a button pinned below a scrolled form (the entry sheet).
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [gone, version]);
  if (!gone && version === undefined) return null;
  return (
    <div
      ref={ref}
      className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-secondary/60 p-3 text-sm"
      role="alert"
      data-testid="conflict-notice"
    >
      <p className="flex items-start gap-2 font-medium">
        <UsersIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{gone ? t("conflict.gone") : tDynamic(t, message)}</span>
      </p>
      {!gone && values && values.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-card p-3">
          {values.map((item) => (
            <div key={item.label ?? item.value} className="contents">
              {item.label && <dt className="text-muted-foreground">{item.label}</dt>}
              <dd
                className={
                  item.label ? "min-w-0 break-words font-medium" : "col-span-2 min-w-0 break-words font-medium"
                }
              >
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {!gone && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {useTheirsHref ? (
            <Button asChild variant="outline">
              <Link to={useTheirsHref} replace preventScrollReset>
                {t("conflict.useTheirs")}
              </Link>
            </Button>
          ) : (
            <Button
              type="button"
              variant="outline"
              onClick={() => (onUseTheirs ? onUseTheirs() : void revalidator.revalidate())}
              disabled={revalidator.state !== "idle"}
            >
              {t("conflict.useTheirs")}
            </Button>
          )}
          <Button type="submit" variant="secondary" name="version" value={version}>
            {submitLabel ?? t("conflict.saveMine")}
          </Button>
        </div>
      )}
    </div>
  );
}
