// `npm test`: formatting, lint, architecture checks, the type assertion count, type check, unit and integration tests,
// production build, the browser suite, then the browser smoke test of `npm run dev` (every kind of page loads, hydrates
// and logs no error).
// Stops at the first failing step and exits non-zero.
import { spawnSync } from "node:child_process";

const steps = [
  ["formatting (prettier)", "npx", ["prettier", "--check", "."]],
  ["lint", "npx", ["eslint", "."]],
  ["architecture (dependency-cruiser, knip)", "npm", ["run", "check:architecture"]],
  ["type assertions (fewer than 40, no as unknown as)", "npm", ["run", "check:casts"]],
  ["type check", "npm", ["run", "typecheck"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["production build", "npm", ["run", "build"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
  ["development server smoke test", "npx", ["playwright", "test", "--config", "playwright.smoke.config.ts"]],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
