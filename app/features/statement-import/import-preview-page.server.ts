import { data } from "react-router";
import { checkCsvMapping } from "~/domain/statements/csv";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { isHouseholdAccessError } from "~/features/household/errors";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import {
  formValuesFromQuery,
  formValuesFromSuggestion,
  mappingFromFormValues,
  type MappingFormValues,
} from "./mapping-form";
import { previewImport, type ImportPreview, type ImportProblem } from "./statement-import.server";

type NeedsMapping = Extract<ImportPreview, { kind: "needs-mapping" }>;

export type ImportPreviewPage =
  | {
      kind: "preview";
      preview: Extract<ImportPreview, { kind: "preview" }>;
      accounts: { id: string; name: string | null }[];
      mapping: string | null;
    }
  | {
      kind: "mapping";
      step: NeedsMapping;
      values: MappingFormValues;
      incomplete: boolean;
      problem: ImportProblem | null;
    }
  | { kind: "problem"; fileName: string; problem: ImportProblem }
  | { kind: "expired" };

/**
 * The preview page: the draft read with the account's saved mapping or the bank's preset, or with the columns the
 * mapping step submitted (?date=…&dateFormat=…). A draft that is gone — confirmed, expired, or never this household's —
 * is one answer, 404 with "choose the file again", so nobody learns whether another household's draft exists.
 */
export async function loadImportPreview(request: Request, draftId: string) {
  const context = await requireAppContext(request);
  const base = { userId: context.user.id, householdId: context.householdId, draftId };
  const submitted = formValuesFromQuery(new URL(request.url).searchParams);
  const result = await forLoader(async () => {
    try {
      return await previewImport(base);
    } catch (error) {
      if (isHouseholdAccessError(error) && error.code === "notFound") return undefined;
      throw error;
    }
  });
  if (!result) return data<ImportPreviewPage>({ kind: "expired" }, { status: 404 });
  const accountNames = async () =>
    (await forLoader(() => listAccounts({ userId: context.user.id, householdId: context.householdId }))).map(
      ({ id, name }) => ({ id, name }),
    );

  if (result.kind === "problem")
    return data<ImportPreviewPage>({ kind: "problem", fileName: result.fileName, problem: result.problem });
  if (result.kind === "needs-mapping") {
    const values = submitted ?? formValuesFromSuggestion(result.suggestion, result.headers);
    if (!submitted)
      return data<ImportPreviewPage>({ kind: "mapping", step: result, values, incomplete: false, problem: null });
    const checked = checkCsvMapping(mappingFromFormValues(values, result.headers));
    if (!checked.ok)
      return data<ImportPreviewPage>({ kind: "mapping", step: result, values, incomplete: true, problem: null });
    const mapped = await forLoader(() => previewImport({ ...base, mapping: checked.mapping }));
    if (mapped.kind === "problem")
      return data<ImportPreviewPage>({
        kind: "mapping",
        step: result,
        values,
        incomplete: false,
        problem: mapped.problem,
      });
    if (mapped.kind === "needs-mapping")
      return data<ImportPreviewPage>({ kind: "mapping", step: result, values, incomplete: true, problem: null });
    return data<ImportPreviewPage>({
      kind: "preview",
      preview: mapped,
      accounts: await accountNames(),
      mapping: JSON.stringify(checked.mapping),
    });
  }
  return data<ImportPreviewPage>({ kind: "preview", preview: result, accounts: await accountNames(), mapping: null });
}

/** The preview once more, for the confirmation's answer when it shows the preview again; null once the draft is gone. */
export async function previewAgain(base: {
  userId: string;
  householdId: string;
  draftId: string;
  mapping: unknown;
}): Promise<Extract<ImportPreviewPage, { kind: "preview" }> | null> {
  const { mapping, ...draft } = base;
  try {
    const preview = await previewImport({ ...draft, mapping });
    if (preview.kind !== "preview") return null;
    const accounts = await listAccounts({ userId: base.userId, householdId: base.householdId });
    return {
      kind: "preview",
      preview,
      accounts: accounts.map(({ id, name }) => ({ id, name })),
      mapping: mapping === undefined ? null : JSON.stringify(mapping),
    };
  } catch (error) {
    if (isHouseholdAccessError(error) && error.code === "notFound") return null;
    throw error;
  }
}
