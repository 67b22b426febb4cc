// The statement reader's worker thread (statement-reader.server.ts runs it on the pool of lib/worker-pool.server.ts).
// Loaded by path, through tsx (the worker's `--import tsx`): in development, in Vitest and in the production build alike
// the source file runs, as the build bundles app/ into one file a thread cannot load on its own. Data in and out is
// structured-clone safe (bytes, plain objects).
import { readStatementFile, type StatementFileRead } from "../../domain/statements/read-file";

export interface StatementReadTask {
  bytes: Uint8Array;
  mapping?: unknown;
}

export default function readStatement({ bytes, mapping }: StatementReadTask): StatementFileRead {
  return readStatementFile(bytes, mapping === undefined ? {} : { mapping });
}
