import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { readStatementFile } from "~/domain/statements/read-file";
import { runOnWorker, stopWorkerPool, workerThreadIds } from "~/lib/worker-pool.server";
import { readStatementInWorker } from "./statement-reader.server";

const encoder = new TextEncoder();
const fixture = (path: string) =>
  new Uint8Array(readFileSync(new URL(`../../domain/statements/fixtures/${path}`, import.meta.url)));
const stuckReader = new URL("./fixtures/stuck-reader.server.ts", import.meta.url).pathname;

afterAll(stopWorkerPool);

describe("statements read in the worker pool", () => {
  it("answers what readStatementFile answers, across the thread boundary", async () => {
    const csv = encoder.encode("Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n03-01-2026;Brood;-2,10\n");
    const mapping = {
      date: { header: "Datum" },
      amount: { header: "Bedrag" },
      description: [{ header: "Omschrijving" }],
      dateFormat: "DD-MM-YYYY",
      decimal: ",",
    };
    expect(await readStatementInWorker(csv)).toEqual(readStatementFile(csv));
    expect(await readStatementInWorker(csv, { mapping })).toEqual(readStatementFile(csv, { mapping }));
    const camt = fixture("camt/camt053-v02-german.xml");
    const read = await readStatementInWorker(camt);
    expect(read).toEqual(readStatementFile(camt));
    expect(read.kind).toBe("statement");
    expect(await readStatementInWorker(encoder.encode(`${"<!---->".repeat(40)}x`))).toEqual({
      kind: "error",
      error: { code: "NOT_A_STATEMENT" },
    });
  });

  it("ends a read that never finishes when its budget runs out, terminating its thread, while the server keeps answering", async () => {
    const seen = new Int32Array(new SharedArrayBuffer(4));
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    const started = performance.now();
    const read = await runOnWorker(stuckReader, { seen }, { budgetMs: 500 }).finally(() => clearInterval(ticking));
    const waited = performance.now() - started;
    expect(read).toEqual({ ok: false });
    // The main thread ticked all along (the stuck read would hold it for ever); a busy machine may drop some ticks.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(waited / 10 / 4));
    const stuckThread = Atomics.load(seen, 0);
    expect(stuckThread).toBeGreaterThan(0);
    expect(workerThreadIds()).not.toContain(stuckThread);
    // The pool goes on reading with a new thread.
    expect(
      await readStatementInWorker(encoder.encode("Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n")),
    ).toMatchObject({ kind: "needs-mapping" });
  });

  it("answers TOO_COMPLEX when the read takes longer than its budget", async () => {
    const big = encoder.encode(`Datum;Omschrijving;Bedrag\n${"02-01-2026;Koffie;-3,50\n".repeat(200_000)}`);
    expect(await readStatementInWorker(big, { budgetMs: 1 })).toEqual({
      kind: "error",
      error: { code: "TOO_COMPLEX" },
    });
  });

  it("runs reads beyond the pool's threads one after the other, each with its own budget", async () => {
    const csv = encoder.encode("Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n");
    const reads = await Promise.all(Array.from({ length: 6 }, () => readStatementInWorker(csv)));
    expect(reads.every((read) => read.kind === "needs-mapping")).toBe(true);
  });
});
