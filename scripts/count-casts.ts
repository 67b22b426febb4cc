// Counts the lines of source that assert a type with `as` (or `<T>value`), read with the TypeScript parser: `as const`
// and import or export renames are not casts. Tests and test helpers are left out. Issue 21 asks for fewer than 40 and
// no `as unknown as`; `--max N` makes the count a check (exit 1 at N or more), without it the count is only printed.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const roots = ["app", "server", "scripts", "db"];
const maxArgument = process.argv.indexOf("--max");
const max = maxArgument === -1 ? undefined : Number(process.argv[maxArgument + 1]);

function isSource(file: string): boolean {
  const name = path.basename(file);
  return /\.tsx?$/.test(name) && !/\.test\./.test(name) && !name.startsWith("test-helpers") && !name.endsWith(".d.ts");
}

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) yield* sourceFiles(file);
    } else if (isSource(file)) yield file;
  }
}

function isConstAssertion(type: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === "const";
}

interface FileCount {
  file: string;
  lines: number[];
  unknownAs: number;
}

function countFile(file: string): FileCount {
  const text = fs.readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = new Set<number>();
  const unknownAsLines = new Set<number>();
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node.type)) {
      const line = source.getLineAndCharacterOfPosition(node.type.getStart(source)).line + 1;
      lines.add(line);
      const inner = ts.isParenthesizedExpression(node.expression) ? node.expression.expression : node.expression;
      if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) unknownAsLines.add(line);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file, lines: [...lines].sort((a, b) => a - b), unknownAs: unknownAsLines.size };
}

const counts = roots
  .flatMap((root) => [...sourceFiles(root)])
  .map(countFile)
  .filter((count) => count.lines.length > 0)
  .sort((a, b) => b.lines.length - a.lines.length || a.file.localeCompare(b.file));

for (const count of counts) {
  const unknownAs = count.unknownAs > 0 ? ` (as unknown as: ${count.unknownAs})` : "";
  console.log(`${String(count.lines.length).padStart(3)}  ${count.file}:${count.lines.join(",")}${unknownAs}`);
}
const total = counts.reduce((sum, count) => sum + count.lines.length, 0);
const unknownAs = counts.reduce((sum, count) => sum + count.unknownAs, 0);
console.log(`\n${total} lines with a type assertion, ${unknownAs} with \`as unknown as\`, in ${counts.length} files`);

if (max !== undefined && (total >= max || unknownAs > 0)) {
  console.error(`At most ${max - 1} lines with a type assertion and none with \`as unknown as\`, please.`);
  process.exitCode = 1;
}
