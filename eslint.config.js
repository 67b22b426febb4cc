import { builtinModules } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import regexpPlugin from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Routes never import each other; every block that sets no-restricted-imports repeats this (options replace, not merge). */
const noRouteToRoute = { group: ["../routes/*", "~/routes/*"], message: "Routes never import from other routes." };

/**
 * Node's built-in modules, with and without the node: prefix. In the browser Vite replaces them with a stub that
 * throws on first use ("Module "node:crypto" has been externalized for browser compatibility"), so the page never
 * hydrates; the production build only hides it when tree-shaking happens to drop the import.
 */
const nodeBuiltins = {
  paths: builtinModules
    .filter((name) => !name.startsWith("_"))
    .map((name) => ({
      name,
      message: "Node built-in in code the browser loads: move it to a *.server.ts module (or use a Web API).",
    })),
  pattern: {
    regex: "^node:",
    message: "Node built-in in code the browser loads: move it to a *.server.ts module (or use a Web API).",
  },
};

/** A *.server module (or a .server/ folder); type-only imports are erased and allowed. */
const serverModule = {
  regex: "(\\.server(\\.[cm]?[jt]sx?)?$|/\\.server/)",
  allowTypeImports: true,
  message: "Server-only module in code the browser loads: only route modules may import it (for loaders and actions).",
};

/** Dynamic import() of a built-in, which no-restricted-imports does not see. */
const noDynamicNodeImport = {
  selector: "ImportExpression[source.value=/^node:/]",
  message: "Node built-in in code the browser loads: move it to a *.server.ts module.",
};

/** Files under app/ that only ever run on the server or in tests, although their names do not say .server. */
const serverOnlyFiles = [
  "app/**/*.server.{ts,tsx}",
  "app/**/*.test.{ts,tsx}",
  "app/entry.server.tsx",
  "app/routes.ts",
  "app/routes/*/routes.ts",
  "app/routes/*/*-routes.ts",
  "app/db/test-database.ts",
  "app/db/test-template.global.ts",
  "app/db/fixtures/**",
];

/**
 * The modules that touch the `transaction` table (entries), each checked for personal privacy (decision 0016): row by
 * row through `visibleEntries`, or sums only. Anything else that names the table fails lint.
 */
const entryModules = [
  "app/features/household/personal-privacy.server.ts", // the predicate itself
  "app/features/entries/entry-writer.server.ts", // the one writer: visibleEntries on every member's change and delete
  "app/features/entries/transactions.server.ts", // lists, search, the entry's page, the payees list: entriesSeenBy, payeesSeenBy
  "app/features/entries/dashboard.server.ts", // latest entries: entriesSeenBy; the rest are totals
  "app/features/entries/payees.server.ts", // rename, memory, merge of payees listed through payeesSeenBy; hidden titles kept
  "app/features/entries/payee-memory.server.ts", // writes the memory of a payee by key; reads nothing back to a member
  "app/features/entries/personal-totals.server.ts", // category totals of hidden spending
  "app/features/entries/demo-seed.server.ts", // writes the demo household's own entries
  "app/features/money-accounts/accounts.server.ts", // balances: sums
  "app/features/money-accounts/transfers.server.ts", // account activity: visibleEntries
  "app/features/rules/rule-evaluation.server.ts", // usual category: visibleEntries; payee memory: payeesSeenBy
  "app/features/rules/apply-rules.server.ts", // preview and apply: visibleEntries on read and write
  "app/features/recurring/recurring.server.ts", // posting (worker), detection: visibleEntries
  "app/features/statement-import/statement-import.server.ts", // the importing member's own rows; duplicates by key
  "app/features/sharing/settle-up.server.ts", // shared expenses and income: sums
  "app/features/exports/transactions-csv.server.ts", // visibleEntries
  "app/features/data-rights/export-data.server.ts", // visibleEntries
  "app/features/data-rights/delete-account.server.ts", // deletes owned households
  "app/features/base-currency/base-currency.server.ts", // the preview: counts and a month's sum, like month_total
  "app/features/household/member-sequences.test-helpers.server.ts", // the model tests' ground truth, past every use case
];

/**
 * A module outside `entryModules` that names the entries, their lines or payees (issue 44): a new path to them fails
 * lint until someone has checked that it reads through the visibility layer (`entriesSeenBy`, `visibleLines`,
 * `payeesSeenBy`) or is one of decision 0037's whole-household readers (sums, matching, processes), and listed it; the
 * privacy model test then covers it.
 */
const entryTable = [
  {
    selector:
      "ImportDeclaration[source.value=/^~\\/db\\/schema(\\/entries)?$/] > ImportSpecifier[imported.name=/^(transaction|entryLine|payee)$/]",
    message:
      "Entries, lines and payees are read through the visibility layer (decisions 0016, 0037): use a module that applies it, or check this one and list it in entryModules.",
  },
  {
    selector: 'TemplateElement[value.raw=/"(transaction|entry_line|payee)"/]',
    message:
      "Raw SQL on entries, lines or payees must read through the visibility layer (decisions 0016, 0037): check this module and list it in entryModules.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      ".data*/",
      "test-results*/",
      "playwright-report*/",
      "**/*.tmp.*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexpPlugin.configs.recommended,
  {
    // A regular expression that backtracks more than linearly lets one crafted text (a statement cell, a name) hold the
    // event loop for seconds: these two are errors, not the recommended warnings (issue 20).
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    // Tests and benches match only text they make themselves (thousands separators, our own error pages).
    files: ["**/*.test.{ts,tsx}", "bench/**", "tests/**"],
    rules: { "regexp/no-super-linear-backtracking": "off", "regexp/no-super-linear-move": "off" },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../routes/*", "~/routes/*"], message: "Routes never import from other routes." }] },
      ],
    },
  },
  {
    // Client modules: everything under app/ the browser may load. Neither Node built-ins nor *.server modules.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...serverOnlyFiles, "app/routes/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: nodeBuiltins.paths, patterns: [noRouteToRoute, nodeBuiltins.pattern, serverModule] },
      ],
      "no-restricted-syntax": ["error", noDynamicNodeImport],
    },
  },
  {
    // Route modules: React Router strips loader, action, middleware and headers (and the imports only they use) from
    // the browser's copy, so *.server modules are fine here; Node built-ins are not (the strip does not cover them in
    // development, where nothing is tree-shaken).
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: serverOnlyFiles,
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: nodeBuiltins.paths, patterns: [noRouteToRoute, nodeBuiltins.pattern] },
      ],
      "no-restricted-syntax": ["error", noDynamicNodeImport, ...entryTable],
    },
  },
  {
    // Entries reach a reader only through the modules that apply the privacy of personal spending (decision 0016).
    files: ["app/**/*.server.ts", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: [...entryModules, "**/*.test.{ts,tsx}", "**/test-helpers.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...entryTable] },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
