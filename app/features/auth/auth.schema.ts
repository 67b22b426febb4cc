import { z } from "zod";
import { hasControlCharacters } from "~/lib/safe-text";
import { checkPasswordLength } from "./password-rules";
import type { AuthErrorCode } from "./auth-errors";

export const maxEmailLength = 254;
export const maxNameLength = 100;

/** A form field: missing counts as empty (so it gets the "required" message); a file or a list is refused. */
const field = z.preprocess(
  (value) => (value === undefined || value === null ? "" : value),
  z.string({ error: "INVALID_INPUT" }),
);

const text = (requiredCode?: AuthErrorCode) =>
  requiredCode ? field.pipe(z.string().min(1, { error: requiredCode })) : field;

const email = field
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: "EMAIL_REQUIRED" })
      .max(maxEmailLength, { error: "INVALID_EMAIL" })
      .pipe(z.email({ error: "INVALID_EMAIL" })),
  )
  .transform((value) => value.toLowerCase());

/** A new password: the length rule here; the common-password list is checked on the server. */
const newPassword = text("PASSWORD_REQUIRED").superRefine((value, context) => {
  const problem = checkPasswordLength(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

export const signInSchema = z.object({
  email,
  // A sign-in never judges the password's shape: length rules only apply when one is chosen.
  password: text("PASSWORD_REQUIRED").pipe(z.string().max(1024, { error: "INVALID_EMAIL_OR_PASSWORD" })),
});

export const signUpSchema = z
  .object({
    name: field
      .refine((value) => !hasControlCharacters(value), { error: "NAME_INVALID_CHARACTERS" })
      .transform((value) => value.trim())
      .pipe(z.string().max(maxNameLength, { error: "NAME_TOO_LONG" })),
    email,
    password: newPassword,
    confirmPassword: text("PASSWORD_REQUIRED"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    error: "PASSWORDS_DONT_MATCH",
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: text("INVALID_TOKEN").pipe(z.string().max(512, { error: "INVALID_TOKEN" })),
    password: newPassword,
    confirmPassword: text("PASSWORD_REQUIRED"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    error: "PASSWORDS_DONT_MATCH",
  });

/** A 6-digit app code (spaces and dashes people type are ignored). */
export const totpCode = field
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: "CODE_REQUIRED" })
      .regex(/^\d{6}$/, { error: "INVALID_CODE" }),
  );

/** A backup code as shown ("abcde-12345"); compared exactly, only surrounding spaces are dropped. */
export const backupCode = field
  .transform((value) => value.trim())
  .pipe(z.string().min(1, { error: "CODE_REQUIRED" }).max(64, { error: "INVALID_BACKUP_CODE" }));

export const currentPasswordSchema = text("PASSWORD_REQUIRED").pipe(
  z.string().max(1024, { error: "INVALID_PASSWORD" }),
);
