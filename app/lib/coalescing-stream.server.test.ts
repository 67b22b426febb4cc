import { describe, expect, it } from "vitest";
import { createCoalescingStream } from "./coalescing-stream.server";

function collect(stream: NodeJS.ReadableStream): Promise<string[]> {
  return new Promise((resolve) => {
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    stream.on("end", () => resolve(chunks));
  });
}

describe("coalescing stream", () => {
  it("sends the writes of one turn as one chunk, and later writes as they come", async () => {
    let ended = false;
    const stream = createCoalescingStream(() => (ended = true));
    const received = collect(stream);
    stream.write("<html>");
    stream.write("<body>");
    stream.write("shell");
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.write("late ");
    stream.write("boundary");
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.end("</html>");
    expect(await received).toEqual(["<html><body>shell", "late boundary", "</html>"]);
    expect(ended).toBe(true);
  });
});
