import type { z } from "zod";

/**
 * What every form shares, on the server and in the browser: one message per field, read from a failed zod parse.
 * Reading the posted body is the server's part (features/platform/forms.server.ts).
 */

/** One message per field, shown beside its input; `form` is the key of a message about the whole form. */
export type FieldErrors<Field extends string = string, Message extends string = string> = Partial<
  Record<Field, Message>
>;

/** A parsed form: the typed value, or the messages to show. */
export type ParsedForm<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

/** Every key of the parsed output (of each member, for a union of schemas). */
type FieldOf<Error> =
  Error extends z.ZodError<infer Output> ? (Output extends object ? Extract<keyof Output, string> : never) : never;

/** Which messages a form can show: its translation keys. Any other message (zod's own, in English) becomes `fallback`. */
export interface MessageRule<Message extends string> {
  isKnown: (message: string) => message is Message;
  fallback: Message;
}

interface FieldErrorRules<Field extends string, Message extends string> {
  /** The fields that show a message beside their input; an issue on any other path is the whole form's. Default: every field. */
  fields?: readonly Field[];
  messages?: MessageRule<Message>;
}

/** The first message per field, from a failed zod parse; an issue without a field (or outside `fields`) goes to `form`. */
export function fieldErrorsOf<
  Error extends z.ZodError,
  Field extends string = FieldOf<Error>,
  Message extends string = string,
>(error: Error, rules: FieldErrorRules<Field, Message> = {}): FieldErrors<Field | "form", Message> {
  // zod reports issues at the schema's own keys, so without a list every path is one of the output's fields.
  const isField = (path: string): path is Field =>
    rules.fields === undefined || rules.fields.some((field) => field === path);
  const isKnown = rules.messages?.isKnown ?? ((_message: string): _message is Message => true);
  const errors: FieldErrors<Field | "form", Message> = {};
  for (const issue of error.issues) {
    const path = String(issue.path[0] ?? "form");
    const field = isField(path) ? path : "form";
    errors[field] ??= isKnown(issue.message) ? issue.message : rules.messages?.fallback;
  }
  return errors;
}
