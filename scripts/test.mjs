// `npm test`: lint, type check, unit and integration tests, production build, then the browser suite.
// Stops at the first failing step and exits non-zero.
import { spawnSync } from "node:child_process";

const steps = [
  ["lint", "npx", ["eslint", "."]],
  ["type check", "npm", ["run", "typecheck"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["production build", "npm", ["run", "build"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
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
