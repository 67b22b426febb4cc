export * from "./auth";
export * from "./platform";
export * from "./blog";
export * from "./budget";
export * from "./premium";
export * from "./mail";
export * from "./planning";
