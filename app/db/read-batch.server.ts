import { getRequestStore, type RequestStore } from "~/lib/request-store.server";

/**
 * The reads one request sends together, as one statement: the dashboard's eleven parallel reads (entries, budgets,
 * bills, goals, accounts) were eleven round trips on PostgreSQL, and eleven turns of the embedded database, which runs
 * one statement at a time. Each feature still writes its own query against its own tables; this joins them only on
 * the way to the database, under the driver, so no feature knows another's statement (decision 0034).
 *
 * How: the reads a request starts within a few promise jobs of each other are collected, and sent as
 *
 *     with q0(c1, c2) as (<first read>), q1(c1) as (<second read>)
 *     select (select json_agg(json_build_array(c1, c2)) from q0), (select json_agg(…) from q1)
 *
 * with each column as its type's own text, which the driver then parses as if the read had come alone, with the same
 * parsers (Drizzle's own among them). A read's column types are learnt the first time it runs alone, so a statement is
 * joined only once its shape is known. Only plain selects in Drizzle's array mode are joined; a statement this module
 * cannot read with certainty (dollar quotes, comments, backslashes, a lock) goes alone, and when the joined statement
 * fails, each read runs alone again, so each gets its own answer or error.
 */

/** A driver's answer in array mode: what Drizzle reads of it. */
export interface ArrayResult {
  rows: unknown[][];
  fields: { name: string; dataTypeID: number }[];
}

/** One read, as the driver was asked for it. */
export interface Read {
  text: string;
  params: readonly unknown[];
  /** The value of a column of `type` from its text, as the driver would have parsed it for this read. */
  parse(type: number, text: string): unknown;
  /** Sends this read as it was asked, on its own. */
  alone(): Promise<ArrayResult>;
}

interface Waiting {
  read: Read;
  types: readonly number[];
  resolve(result: ArrayResult): void;
  reject(error: unknown): void;
}

/** Sends one statement and answers its single row's values, each column's JSON already parsed. */
export type SendJoined = (text: string, params: unknown[]) => Promise<unknown[]>;

/** PostgreSQL takes at most 100 arguments to a function: json_build_array's columns. */
const mostColumns = 100;
/**
 * How many promise jobs after a request's first read its others may still join it. The reads a `Promise.all` starts
 * reach the driver some jobs apart (Drizzle's and our own awaits in between): the dashboard's last one ten jobs after
 * its first. Waiting for the event loop's next turn instead (`setImmediate`) let every read, even one alone, wait
 * for other requests' work under load: the add form and the dashboard on PostgreSQL answered fewer requests per
 * second with fewer statements. A read that comes later than this only goes in a statement of its own.
 */
const joinWithin = 32;
/** Known shapes kept per process; statements whose text varies with their input (an `in` list) can make many. */
const mostShapes = 2_000;

export class ReadBatcher {
  /** Each read's column types by its text; null for a text that is never joined. */
  private readonly shapes = new Map<string, readonly number[] | null>();
  private readonly waiting = new WeakMap<RequestStore, Waiting[]>();

  constructor(private readonly sendJoined: SendJoined) {}

  /** Answers `read`, joined with the same request's other reads where it can be. */
  read(read: Read): Promise<ArrayResult> {
    const store = getRequestStore();
    const types = this.shapes.get(read.text);
    if (!store || !types) return types === undefined ? this.learn(read) : read.alone();
    return new Promise<ArrayResult>((resolve, reject) => {
      let queue = this.waiting.get(store);
      if (!queue) {
        queue = [];
        this.waiting.set(store, queue);
        afterJobs(joinWithin, () => {
          this.waiting.delete(store);
          void this.flush(store, queue ?? []);
        });
      }
      queue.push({ read, types, resolve, reject });
    });
  }

  private async learn(read: Read): Promise<ArrayResult> {
    const result = await read.alone();
    if (this.shapes.size >= mostShapes) this.shapes.clear();
    const types = result.fields.map((field) => field.dataTypeID);
    const joinable = isJoinable(read.text) && types.length > 0 && types.length <= mostColumns;
    this.shapes.set(read.text, joinable ? types : null);
    return result;
  }

  private async flush(store: RequestStore, queue: Waiting[]): Promise<void> {
    if (queue.length === 1) return settle(queue[0]!, queue[0]!.read.alone());
    const joined = joinReads(queue.map(({ read, types }) => ({ text: read.text, params: read.params, types })));
    if (!joined) return settleEach(queue);
    let values: unknown[];
    try {
      values = await this.sendJoined(joined.text, joined.params);
    } catch {
      // One statement for all, so one read's error (or a cancelled statement) would be every read's: each goes alone.
      store.queries = (store.queries ?? 0) + 1;
      return settleEach(queue);
    }
    // The database client counted each read as it was asked; they went as one.
    store.queries = (store.queries ?? 0) - (queue.length - 1);
    queue.forEach((waiting, index) => {
      try {
        waiting.resolve(parseRows(waiting, values[index]));
      } catch (error) {
        waiting.reject(error);
      }
    });
  }
}

/** Runs `work` once `hops` more promise jobs have run, still within this turn of the event loop. */
function afterJobs(hops: number, work: () => void): void {
  if (hops <= 0) work();
  else queueMicrotask(() => afterJobs(hops - 1, work));
}

function settle(waiting: Waiting, result: Promise<ArrayResult>): Promise<void> {
  return result.then(waiting.resolve, waiting.reject);
}

async function settleEach(queue: Waiting[]): Promise<void> {
  await Promise.all(queue.map((waiting) => settle(waiting, waiting.read.alone())));
}

function parseRows({ read, types }: Waiting, value: unknown): ArrayResult {
  if (!Array.isArray(value)) throw new Error("A joined read came back without its rows.");
  const rows = value.map((row: unknown) => {
    if (!Array.isArray(row) || row.length !== types.length) throw new Error("A joined read's row has other columns.");
    return row.map((cell: unknown, column) => (cell === null ? null : read.parse(types[column]!, String(cell))));
  });
  return { rows, fields: types.map((dataTypeID, column) => ({ name: `c${column + 1}`, dataTypeID })) };
}

interface ShapedRead {
  text: string;
  params: readonly unknown[];
  types: readonly number[];
}

/** The statement that answers every read at once, or undefined when one of their texts cannot be renumbered. */
export function joinReads(reads: readonly ShapedRead[]): { text: string; params: unknown[] } | undefined {
  const params: unknown[] = [];
  const parts: string[] = [];
  const answers: string[] = [];
  for (const [index, read] of reads.entries()) {
    const text = shiftPlaceholders(read.text, params.length, read.params.length);
    if (text === undefined) return undefined;
    params.push(...read.params);
    const columns = read.types.map((_, column) => `c${column + 1}`);
    parts.push(`q${index}(${columns.join(", ")}) as (${text})`);
    // format('%s') writes a value with its type's output function, as the driver receives it (a cast to text would
    // write a boolean as "true", a char(n) without its padding).
    const cells = columns.map((column) => `case when ${column} is null then null else format('%s', ${column}) end`);
    answers.push(`(select coalesce(json_agg(json_build_array(${cells.join(", ")})), '[]'::json) from q${index})`);
  }
  return { text: `with ${parts.join(", ")} select ${answers.join(", ")}`, params };
}

/**
 * `text` with each placeholder `$n` as `$(n + offset)`, or undefined when the text holds what this scan does not read
 * with certainty: a dollar-quoted string, a comment, a backslash, or a placeholder beyond its `count` parameters.
 * Quoted strings and names are copied as they are.
 */
export function shiftPlaceholders(text: string, offset: number, count: number): string | undefined {
  let shifted = "";
  let copiedTo = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "'" || char === '"') {
      const end = closingQuote(text, index);
      if (end === undefined) return undefined;
      index = end + 1;
    } else if (
      char === "\\" ||
      (char === "-" && text[index + 1] === "-") ||
      (char === "/" && text[index + 1] === "*")
    ) {
      return undefined;
    } else if (char === "$") {
      let end = index + 1;
      while (end < text.length && text[end]! >= "0" && text[end]! <= "9") end += 1;
      const number = Number(text.slice(index + 1, end));
      if (end === index + 1 || number < 1 || number > count) return undefined;
      shifted += `${text.slice(copiedTo, index)}$${number + offset}`;
      copiedTo = end;
      index = end;
    } else {
      index += 1;
    }
  }
  return shifted + text.slice(copiedTo);
}

/** Where the quote opened at `start` closes (a doubled quote inside is the character itself). */
function closingQuote(text: string, start: number): number | undefined {
  const quote = text[start]!;
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === quote) {
      if (text[index + 1] !== quote) return index;
      index += 2;
    } else {
      index += 1;
    }
  }
  return undefined;
}

/** A plain select: no lock (its rows would be locked by the joined statement for no longer than before, but a lock
 * belongs in a transaction, which never comes here), nothing written. */
function isJoinable(text: string): boolean {
  const lower = text.toLowerCase();
  return (
    lower.startsWith("select ") &&
    !/\bfor\s+(?:update|share|no\s+key\s+update|key\s+share)\b/.test(lower) &&
    !/\b(?:insert|update|delete|merge)\b/.test(lower)
  );
}
