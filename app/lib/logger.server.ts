import pino from "pino";

const globalStore = globalThis as typeof globalThis & { __samenLogger?: pino.Logger };

/** One pino logger for the process; pretty output is left to `pino-pretty` in a pipe. */
export const logger: pino.Logger = (globalStore.__samenLogger ??= pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"], remove: true },
}));
