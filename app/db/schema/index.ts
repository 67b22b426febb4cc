// Each feature's tables live in the file named after it (docs/architecture.md, "Modules"); drizzle-kit reads them all
// through this index. Features import their own file, never this index (.dependency-cruiser.cjs, "feature-tables").
export * from "./auth";
export * from "./blog";
export * from "./translation";
export * from "./mail";
export * from "./household";
export * from "./billing";
export * from "./money-accounts";
export * from "./budgets";
export * from "./entries";
export * from "./rules";
export * from "./statement-import";
export * from "./recurring";
export * from "./goals";
export * from "./sharing";
export * from "./rates";
export * from "./platform";
