import CircleAlertIcon from "lucide-react/icons/circle-exclamation-point";
import { useTranslation } from "~/i18n/react";
import type { ImportProblem } from "../statement-import.server";

/** Why a file was refused, in the reader's language, with where in the file (line, element, value) when known. */
export function ImportProblemMessage({ problem }: { problem: ImportProblem }) {
  const { t } = useTranslation("money");
  let message: string;
  let where: string[] = [];
  if (problem.kind === "currency") {
    message = t("import.errors.currency", { found: problem.found, expected: problem.expected });
  } else if (problem.kind === "rules") {
    message = t("import.errors.rulesTooCostly");
  } else if (problem.kind === "draftQuota") {
    message = t("import.errors.draftQuota", { count: problem.count, megabytes: problem.megabytes });
  } else {
    const { code, line, element, value } = problem.error;
    message = t(`import.errors.${code}`);
    const place =
      line !== undefined && element
        ? t("import.errors.where.lineElement", { line, element })
        : line !== undefined
          ? t("import.errors.where.line", { line })
          : element
            ? t("import.errors.where.element", { element })
            : undefined;
    where = [place, value ? t("import.errors.where.value", { value }) : undefined].filter((part) => part !== undefined);
  }
  return (
    <div
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      role="alert"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-medium">{message}</span>
        {where.length > 0 && <span className="block">{where.join(": ")}</span>}
      </p>
    </div>
  );
}
