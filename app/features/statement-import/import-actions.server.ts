import { data, redirect } from "react-router";
import { z } from "zod";
import type { BadInputData } from "~/lib/bad-input";
import { isMonthKey } from "~/domain/periods";
import { checkCsvMapping } from "~/domain/statements/csv";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, readUpload, requireForm } from "~/features/platform/forms.server";
import type { NewLine } from "~/features/entries/entry-writer.server";
import {
  linesSharedEvenly,
  parseLineRows,
  postedLineRows,
  type PostedLine,
} from "~/features/entries/transaction.schema";
import { previewAgain, type ImportPreviewPage } from "./import-preview-page.server";
import { rowSplitPrefix, type TypedPreview } from "./preview-choices";
import { minorDigits } from "~/domain/money";
import {
  confirmImport,
  createImportDraft,
  draftCurrency,
  undoImport,
  type ImportProblem,
} from "./statement-import.server";

export type ImportActionResult =
  | { ok: false; intent: "upload" | "confirm"; problem: ImportProblem }
  | { ok: false; intent: "confirm"; expired: true }
  /** The preview shown again with what was typed: a split that does not fit its row, or "Split evenly" without script. */
  | {
      ok: false;
      intent: "confirm";
      again: Extract<ImportPreviewPage, { kind: "preview" }>;
      typed: TypedPreview;
      splitErrors: Record<string, string>;
    }
  | {
      ok: true;
      intent: "confirm";
      accountId: string;
      /** The month of the file's latest row, for the link to the entries. */
      month: string | null;
      imported: number;
      duplicates: number;
      transfers: number;
      /** Rows linked to entries already there. */
      matched: number;
      reconciliation: { bankMinor: number; oursMinor: number; on: string; currency: string } | null;
    }
  | { ok: true; intent: "undo"; removed: number };

function answer(result: ImportActionResult, status = 200) {
  return data(result, { status });
}

/** The forms posted without a file: the preview's confirmation and undo (the upload is told apart by being multipart). */
const importIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("undo") }),
]);

/** "Add as a new entry instead" of rows found already entered: the lines of the rows, ticked. */
const asNewLines = z.array(z.coerce.number().int().positive().max(999_999)).max(100_000);

const tooLarge: ImportProblem = { kind: "file", error: { code: "FILE_TOO_LARGE" } };

/** The mapping the preview was read with, carried through the confirmation form as JSON; anything else is none. */
function postedMapping(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    const checked = checkCsvMapping(JSON.parse(text));
    return checked.ok ? checked.mapping : undefined;
  } catch {
    return undefined;
  }
}

/** The import page's forms: the file upload (multipart), the preview's confirmation, and undo. */
export async function handleImportAction(request: Request) {
  const context = await requireAppContext(request);
  const userId = context.user.id;
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

  if (multipart) {
    const read = await readUpload(request, { fileField: "statement" });
    if (!read.ok) {
      // A file over the limit is the user's everyday mistake: said on the form, like the other file problems.
      if (read.code === "INPUT_TOO_LARGE") return answer({ ok: false, intent: "upload", problem: tooLarge }, 413);
      throw data<BadInputData>({ badInput: read.code }, { status: read.status });
    }
    const householdId = read.fields.householdId || context.householdId;
    const file = read.file ?? { name: "", bytes: new Uint8Array() };
    return forAction(async () => {
      const draft = await createImportDraft({
        userId,
        householdId,
        accountId: read.fields.accountId ?? "",
        fileName: file.name,
        bytes: file.bytes,
      });
      if (!draft.ok) return answer({ ok: false, intent: "upload", problem: draft.problem }, 400);
      return redirect(`/app/import/${draft.draftId}`);
    });
  }

  const { form, values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, importIntents);
  return forAction(async () => {
    if (!posted) throw data<BadInputData>({ badInput: "INVALID_INPUT" }, { status: 400 });
    switch (posted.intent) {
      case "confirm": {
        // Unticked rows: named by `skip`, or (the preview's checkboxes, which post only when ticked) listed as a `row`
        // without its `include`.
        const included = new Set(form.getAll("include").map(String));
        const unticked = form
          .getAll("row")
          .map(String)
          .filter((line) => !included.has(line));
        const skipLines = new Set(
          [...form.getAll("skip").map(String), ...unticked].map(Number).filter(Number.isInteger),
        );
        const asNew = asNewLines.safeParse(form.getAll("asNew").map(String));
        if (!asNew.success) throw data<BadInputData>({ badInput: "INVALID_INPUT" }, { status: 400 });
        const categories = new Map<number, string>();
        const splitLines: number[] = [];
        for (const [name, value] of Object.entries(values)) {
          const line = /^category-(\d{1,6})$/.exec(name)?.[1];
          if (line && value) categories.set(Number(line), value);
          const split = /^row-(\d{1,6})-split$/.exec(name)?.[1];
          if (split) splitLines.push(Number(split));
        }
        const draftId = values.draftId ?? "";
        const mapping = postedMapping(values.mapping);
        // The preview again, with everything as it was typed and the rows' messages beside their parts.
        const showAgain = async (
          splitErrors: Record<string, string>,
          { evenlyLine, openLine }: { evenlyLine?: number; openLine?: number } = {},
        ) => {
          const again = await previewAgain({ userId, householdId, draftId, mapping });
          if (!again) return answer({ ok: false, intent: "confirm", expired: true }, 404);
          const splits: Record<string, PostedLine[]> = {};
          for (const line of splitLines) {
            const rows = postedLineRows(form, rowSplitPrefix(line)) ?? [];
            const row =
              line === evenlyLine ? again.preview.rows.find((candidate) => candidate.line === line) : undefined;
            splits[line] = row
              ? linesSharedEvenly(
                  rows,
                  Math.abs(row.amountMinor),
                  context.language,
                  minorDigits(again.preview.currency),
                )
              : rows.filter((posted) => posted.amount.trim() !== "");
          }
          if (openLine !== undefined && again.preview.rows.some((row) => row.line === openLine))
            splits[openLine] ??= [];
          const typed = {
            categories: Object.fromEntries(categories),
            unticked: [...skipLines],
            splits,
            asNew: asNew.data,
          };
          return answer(
            { ok: false, intent: "confirm", again, typed, splitErrors },
            Object.keys(splitErrors).length > 0 ? 400 : 200,
          );
        };
        // "Split evenly" pressed before the script ran: the row's parts share its amount, and nothing is saved yet.
        if (values.splitEvenly) return showAgain({}, { evenlyLine: Number(values.splitEvenly) });
        // "Split this payment" pressed before the script ran: the row's parts are shown.
        if (values.splitRow) return showAgain({}, { openLine: Number(values.splitRow) });

        const splits = new Map<number, NewLine[]>();
        const splitErrors: Record<string, string> = {};
        // Parts are typed in the account's currency's minor digits.
        const digits = splitLines.length > 0 ? minorDigits((await draftCurrency(householdId, draftId)) ?? "") : 2;
        for (const line of splitLines) {
          const parsed = parseLineRows(form, context.language, undefined, rowSplitPrefix(line), digits);
          if (!parsed.ok) splitErrors[line] = parsed.fieldErrors.lines ?? "errors.form.invalid";
          else if (parsed.lines && parsed.lines.length > 0)
            splits.set(
              line,
              parsed.lines.map(({ shared, ...part }) => (shared === undefined ? part : { ...part, shared })),
            );
        }
        if (Object.keys(splitErrors).length > 0) return showAgain(splitErrors);

        const result = await confirmImport({
          userId,
          householdId,
          draftId,
          choices: { skipLines, categories, splits, mapping, asNewLines: new Set(asNew.data) },
        });
        if (!result.ok)
          return "expired" in result
            ? answer({ ok: false, intent: "confirm", expired: true }, 404)
            : "splitErrors" in result
              ? showAgain(result.splitErrors)
              : answer({ ok: false, intent: "confirm", problem: result.problem }, 400);
        const { batchId: _batchId, ok: _ok, ...counts } = result;
        return answer({
          ok: true,
          intent: "confirm",
          accountId: values.accountId ?? "",
          month: isMonthKey(values.month) ? values.month : null,
          ...counts,
        });
      }
      case "undo": {
        const result = await undoImport({ userId, householdId, batchId: values.batchId ?? "" });
        return answer({ ok: true, intent: "undo", removed: result.removed });
      }
    }
  });
}
