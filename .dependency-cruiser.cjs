// The shape of the code, checked in `npm test` (docs/architecture.md explains the layers).

// Features from the bottom up: a feature imports (use cases, components) only features listed before it, so no two
// features ever import each other, however indirectly. A new feature takes its place here.
const featureLayers = [
  "platform",
  "mail",
  "translation",
  "rates",
  "marketing",
  "analytics",
  "auth",
  "household",
  "billing",
  "money-accounts",
  "budgets",
  "entries",
  "rules",
  "statement-import",
  "recurring",
  "goals",
  "custom-categories",
  "sharing",
  // Changing the base currency converts what budgets, goals, series and settlements hold.
  "base-currency",
  // Exports carry the household's settlements and shared costs, so they sit above sharing.
  "exports",
  "data-rights",
  "legal",
  "blog",
];

const featureLayerRules = featureLayers.slice(0, -1).map((feature, index) => ({
  name: "features-in-layers",
  comment: `${feature} imports only the features listed before it in featureLayers (.dependency-cruiser.cjs).`,
  severity: "error",
  // Tests and their helpers (a model test's sequences of use cases) may drive the features above.
  from: { path: `^app/features/${feature}/`, pathNot: "\\.test\\.tsx?$|\\.test-helpers\\.server\\.ts$" },
  to: { path: `^app/features/(${featureLayers.slice(index + 1).join("|")})/` },
}));

// Each feature owns its tables: they live in app/db/schema/<feature>.ts, named after the feature that writes them. A
// feature's code imports its own file plus the files listed here for it, each with the reason, and never the index
// (app/db/schema/index.ts, which drizzle-kit reads). "(up)" marks a read of a feature listed later in featureLayers: a
// query that joins a higher feature's table, where calling that feature's code would break the layers.
const tableReads = {
  platform: [],
  mail: [],
  translation: [],
  rates: [],
  marketing: [],
  analytics: [],
  auth: [],
  household: [
    "auth", // members' names and e-mail addresses
    "billing", // (up) the plan, for the shell and for which notifications a plan gets
    // (up) the privacy predicate itself (decision 0016) is written over entries, their accounts and recurring series
    "entries",
    "money-accounts",
    "recurring",
  ],
  billing: [
    "auth", // the operator's plan command finds a household by its owner's e-mail address
    "household", // the webhook finds the household of a payment-provider customer
  ],
  "money-accounts": [
    "household", // the Everyday account takes the household's currency
    "entries", // (up) an account's activity lists its entries beside its transfers
  ],
  budgets: ["entries"], // (up) limits are per category, spending comes from month_total
  entries: [
    "auth", // the profile, and the demo household's people (demo-seed.server.ts)
    "household", // an entry names a member of its household
    "money-accounts", // the shell's accounts
    "goals", // (up) the dashboard's goals card
    "budgets", // (up) the demo household's budgets (demo-seed.server.ts)
    "billing", // the demo household's plan (demo-seed.server.ts)
  ],
  rules: [
    "entries", // a counterparty's usual category; a rule's category must exist
    "money-accounts", // a rule's account must be the household's
  ],
  "statement-import": [
    "money-accounts", // the statement's account, its IBAN, and the transfers an import finds
    "entries", // duplicates are found by the entries' import keys
  ],
  recurring: ["money-accounts"], // a series' account, and whether its entries start shared
  goals: [],
  "custom-categories": ["entries"], // custom categories are rows of entries' category table (and their month totals)
  sharing: [
    "auth", // partners' names and addresses
    "billing", // partner invitations are premium
    "household", // accepting an invitation writes the membership, the share method, the partner's notification
    "entries", // settle up sums the shared expenses
  ],
  "base-currency": [
    "entries", // the preview counts entries per currency and sums this month's
    "budgets", // the preview shows the limits it converts
    "goals", // the preview shows the targets it converts
    "household", // the preview shows the shared-expense alert it converts
  ],
  exports: ["auth", "entries"], // the CSV export: entries and who entered them
  // The user's data export reads every table that holds their data; deleting an account removes what holds it.
  "data-rights": [
    "auth",
    "billing",
    "budgets",
    "entries",
    "goals",
    "household",
    "money-accounts",
    "recurring",
    "rules",
    "sharing",
    "statement-import",
  ],
  legal: [],
  blog: [],
};

for (const feature of Object.keys(tableReads)) {
  if (!featureLayers.includes(feature))
    throw new Error(`tableReads names ${feature}, which featureLayers does not list`);
}
const featureTableRules = featureLayers.map((feature) => ({
  name: "feature-tables",
  comment: `${feature} imports its own tables and those tableReads lists for it (.dependency-cruiser.cjs), never the schema index.`,
  severity: "error",
  from: {
    path: `^app/features/${feature}/`,
    pathNot: "\\.test\\.tsx?$|test-helpers",
  },
  to: {
    path: "^app/db/schema/",
    pathNot: `^app/db/schema/(${[feature, ...(tableReads[feature] ?? [])].join("|")})\\.ts$`,
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...featureLayerRules,
    ...featureTableRules,
    {
      name: "routes-without-tables",
      comment: "Routes and components reach the database through a feature's use cases, never its tables.",
      severity: "error",
      from: { path: "^app/(routes|components)/|^app/root\\.tsx$" },
      to: { path: "^app/db/schema/" },
    },
    {
      name: "feature-in-layers-list",
      comment: "A feature that uses another feature is listed in featureLayers, so its place in the order is checked.",
      severity: "error",
      from: { path: "^app/features/", pathNot: `^app/features/(${featureLayers.join("|")})/` },
      to: { path: "^app/features/([^/]+)/", pathNot: "^app/features/$1/" },
    },
    {
      name: "composition-above-features",
      comment:
        "app/composition (the root loader's data, the API routes) composes features for the root route and the server; " +
        "no feature or shared code imports it, but for the type of what it hands the pages.",
      severity: "error",
      from: { path: "^app/(features|lib|components|domain|i18n|db)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/composition/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "translation-never-imports-blog",
      comment:
        "The translation queue serves the blog: the blog hands its article translator to the worker at start-up.",
      severity: "error",
      from: { path: "^app/features/translation/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/features/blog/" },
    },
    {
      name: "no-cycles",
      comment: "Modules never import each other in a circle.",
      severity: "error",
      // Allowed: a transfer remembers its import and an import its money account, so these two table files import
      // each other; Drizzle reads foreign keys lazily (`references(() => …)`), so the order they load in does not matter.
      from: { pathNot: "^app/db/schema/(money-accounts|statement-import)\\.ts$" },
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      comment: "app/domain holds pure logic: no database, no features, no routes, no Node built-ins.",
      severity: "error",
      from: { path: "^app/domain/" },
      to: { path: "^app/(features|routes|components|db|i18n)/|^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-without-node",
      severity: "error",
      from: { path: "^app/domain/", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "nothing-imports-routes",
      comment: "Routes sit on top: features, components and libraries never import them.",
      severity: "error",
      from: { path: "^app/(features|lib|components|domain|i18n|db|composition)/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "shared-code-above-features",
      comment:
        "Libraries, UI primitives, translations and the domain are shared by features, never the other way round.",
      severity: "error",
      // Allowed: the site's header and footer (components/layout) compose the marketing, auth and analytics features.
      from: { path: "^app/(lib|components|domain|i18n|db)/", pathNot: "\\.test\\.tsx?$|^app/components/layout/" },
      to: { path: "^app/features/" },
    },
    {
      name: "app-never-imports-server",
      comment: "server/ starts the app; the app does not reach back into it.",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^server/" },
    },
    {
      name: "client-code-without-node",
      comment: "A module that can reach the browser (not *.server.*, not a test) never imports a Node built-in.",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$|\\.test\\.tsx?$|^app/db/|test-helpers|test-database" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "client-code-without-server-modules",
      comment:
        "Only routes (whose loaders and actions React Router strips) and server modules import *.server modules.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot:
          "\\.server\\.tsx?$|\\.test\\.tsx?$|^app/routes/|^app/root\\.tsx$|^app/db/|test-helpers|test-database|^app/entry\\.server\\.tsx$",
      },
      to: { path: "\\.server\\.tsx?$|^app/db/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
