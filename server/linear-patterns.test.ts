import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every regular expression literal in app/ and server/ is checked by recheck (a ReDoS checker: automaton analysis,
 * fuzzing where that cannot decide) and must be `safe`: linear in the text, so no statement cell, name or search can
 * hold the event loop (issue 20). The tool decides, not a hand-picked list: a new pattern is checked the day it lands.
 * ESLint's regexp/no-super-linear-* rules say the same while typing; this is the second, stricter opinion.
 */

const root = path.resolve(import.meta.dirname, "..");

/**
 * Files left out, each with the reason. server/first-paint.ts reads the HTML our own renderer wrote: user text in it
 * is escaped (`<` is `&lt;`), so no user can make the `<link` or `<script` its patterns start from. Fixtures (under a
 * fixtures/ folder) are test material: statement-import's stuck reader runs the old exponential pattern on purpose.
 */
const notUserText = new Set(["server/first-paint.ts"]);

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith(".d.ts"),
    )
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !notUserText.has(file) && !file.split(path.sep).includes("fixtures"));
}

interface Literal {
  where: string;
  source: string;
  flags: string;
}

function regexLiterals(file: string): Literal[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const end = literal.lastIndexOf("/");
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ where: `${file}:${line}`, source: literal.slice(1, end), flags: literal.slice(end + 1) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** recheck's native agent when the platform's binary is installed (fast), else its pure JavaScript backend; both offline. */
function backend(): "native" | "pure" {
  try {
    createRequire(import.meta.url).resolve(
      `recheck-${({ darwin: "macos", linux: "linux", win32: "windows" } as Record<string, string>)[process.platform]}-${process.arch}/package.json`,
    );
    return "native";
  } catch {
    return "pure";
  }
}

const files = ["app", "server"].flatMap(sourceFiles).sort();
const literals = files.flatMap(regexLiterals);

describe("regular expressions", () => {
  it("finds the literals of the statement readers and the other modules that read user text", () => {
    const readers = ["detect-format", "csv", "dates", "amounts", "mt940", "ofx", "camt", "qif", "decode"];
    for (const reader of readers)
      expect(
        literals.some(({ where }) => where.startsWith(`app/domain/statements/${reader}.ts:`)),
        reader,
      ).toBe(true);
    expect(literals.length).toBeGreaterThan(200);
  });

  it("are all linear in the text (recheck says safe)", { timeout: 300_000 }, async () => {
    process.env.RECHECK_BACKEND ??= backend();
    const { check } = await import("recheck");
    const unsafe: string[] = [];
    for (const literal of literals) {
      const diagnostics = await check(literal.source, literal.flags, { timeout: 30_000 });
      if (diagnostics.status !== "safe") {
        const detail = diagnostics.status === "vulnerable" ? diagnostics.complexity.type : diagnostics.error.kind;
        unsafe.push(`${literal.where} /${literal.source}/${literal.flags}: ${diagnostics.status} (${detail})`);
      }
    }
    expect(unsafe).toEqual([]);
  });
});
