declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:translation-chunks" {
  /** The address of each language's namespace chunk in the browser build; empty in development (see the plugin). */
  const chunks: Readonly<Record<string, Readonly<Record<string, string>>>>;
  export default chunks;
}
