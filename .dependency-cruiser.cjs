// The shape of the code, checked in `npm test` (docs/architecture.md explains the layers).

// Features from the bottom up: a feature imports (use cases, components) only features listed before it, so no two
// features ever import each other, however indirectly. A new feature takes its place here.
const featureLayers = [
  "platform",
  "mail",
  "translation",
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
  // Exports carry the household's settlements and shared costs, so they sit above sharing.
  "exports",
  "data-rights",
  "legal",
  "blog",
];

// Allowed: platform's root loader data, API routes and body limits compose features for the server and the root
// route, so they sit above every feature although platform's forms reader sits below them.
const featureComposers = "^app/features/platform/(api-routes|body-limits|root-data)\\.server\\.ts$";

const featureLayerRules = featureLayers.slice(0, -1).map((feature, index) => ({
  name: "features-in-layers",
  comment: `${feature} imports only the features listed before it in featureLayers (.dependency-cruiser.cjs).`,
  severity: "error",
  from: { path: `^app/features/${feature}/`, pathNot: `\\.test\\.tsx?$|${featureComposers}` },
  to: { path: `^app/features/(${featureLayers.slice(index + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...featureLayerRules,
    {
      name: "feature-in-layers-list",
      comment: "A feature that uses another feature is listed in featureLayers, so its place in the order is checked.",
      severity: "error",
      from: { path: "^app/features/", pathNot: `^app/features/(${featureLayers.join("|")})/` },
      to: { path: "^app/features/([^/]+)/", pathNot: "^app/features/$1/" },
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
      from: {},
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
      from: { path: "^app/(features|lib|components|domain|i18n|db)/" },
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
