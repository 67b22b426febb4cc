import FileUpIcon from "lucide-react/icons/file-up";
import { useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useTranslation } from "~/i18n/react";
import type { ImportProblem } from "../statement-import.server";
import { ImportProblemMessage } from "./import-problem";

/**
 * Extensions and types of every format we read. The types matter on phones: their pickers filter by type, and a
 * .sta or .qif file has none they know (octet-stream), a CSV is often "vnd.ms-excel".
 */
const statementFileAccept = [
  ".csv",
  ".tsv",
  ".txt",
  ".xml",
  ".sta",
  ".940",
  ".mt940",
  ".ofx",
  ".qfx",
  ".qif",
  "text/csv",
  "text/comma-separated-values",
  "text/tab-separated-values",
  "text/plain",
  "text/xml",
  "application/xml",
  "application/vnd.ms-excel",
  "application/x-ofx",
  "application/vnd.intu.qfx",
  "application/x-qif",
  "application/octet-stream",
].join(",");

const selectClass = "h-11 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs";

interface UploadFormProps {
  householdId: string;
  accounts: { id: string; label: string }[];
  selectedAccountId: string;
  problem: ImportProblem | undefined;
}

/**
 * Account and file, posted as multipart to /app/import. The drop zone is the file input's label: without JavaScript
 * the native input takes the click, the keyboard and a dropped file; with it, a drop anywhere on the zone fills the input.
 */
export function UploadForm({ householdId, accounts, selectedAccountId, problem }: UploadFormProps) {
  const { t } = useTranslation("money");
  const id = useId();
  const navigation = useNavigation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const reading =
    navigation.state === "submitting" &&
    navigation.formAction === "/app/import" &&
    navigation.formEncType === "multipart/form-data";

  return (
    <Form method="post" action="/app/import" encType="multipart/form-data" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="householdId" value={householdId} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-account`} className="text-sm font-medium">
          {t("import.account")}
        </label>
        <select
          id={`${id}-account`}
          name="accountId"
          defaultValue={selectedAccountId}
          className={cn(selectClass, "sm:max-w-sm")}
        >
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
            </option>
          ))}
        </select>
      </div>
      <div
        className={cn(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-input bg-secondary/30 p-6 text-center transition-colors focus-within:border-primary",
          dragging && "border-primary bg-primary/5",
        )}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const input = inputRef.current;
          if (!input || event.dataTransfer.files.length === 0) return;
          input.files = event.dataTransfer.files;
          setChosen(event.dataTransfer.files[0]?.name);
        }}
      >
        <FileUpIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <label htmlFor={`${id}-file`} className="font-medium">
          {t("import.drop")}
        </label>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          name="statement"
          required
          accept={statementFileAccept}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name)}
          className="w-full max-w-xs text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-card file:px-4 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t("import.fileHint")}
        </p>
        {chosen && (
          <p className="text-sm font-medium" role="status">
            {t("import.chosen", { name: chosen })}
          </p>
        )}
      </div>
      {problem && <ImportProblemMessage problem={problem} />}
      <Button type="submit" size="lg" disabled={reading} className="sm:self-start">
        {reading ? t("import.reading") : t("import.read")}
      </Button>
    </Form>
  );
}
