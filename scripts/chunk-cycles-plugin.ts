import type { Plugin } from "vite";

/**
 * The first import cycle among chunks (each chunk's file name with the files it imports statically), as the path that
 * closes it (`a.js → b.js → a.js`), or null. Browsers run such chunks in an order that can read a module's exports
 * before the module has run (decision 0033).
 */
export function importCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  // Iterative depth-first search: a build has hundreds of chunks, and the recursion would follow their chains.
  for (const start of imports.keys()) {
    if (done.has(start)) continue;
    const stack: { file: string; next: number }[] = [{ file: start, next: 0 }];
    path.push(start);
    onPath.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { file: string; next: number };
      const targets = imports.get(top.file) ?? [];
      const target = targets[top.next++];
      if (target === undefined) {
        stack.pop();
        path.pop();
        onPath.delete(top.file);
        done.add(top.file);
        continue;
      }
      if (onPath.has(target)) return [...path.slice(path.indexOf(target)), target];
      if (done.has(target)) continue;
      stack.push({ file: target, next: 0 });
      path.push(target);
      onPath.add(target);
    }
  }
  return null;
}

/** Fails the browser's build when two of its chunks import each other, directly or through others. */
export function noImportCycles(): Plugin {
  return {
    name: "samen:no-import-cycles",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") imports.set(output.fileName, output.imports);
      }
      const cycle = importCycle(imports);
      if (cycle) this.error(`chunks import each other: ${cycle.join(" → ")} (see decision 0033)`);
    },
  };
}
