import { writeFileSync } from "node:fs";
import http from "node:http";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ServerBuild } from "react-router";
import { seedGoal, seedHousehold, seedTransactions } from "../db/seed/budget";
import { seedPremium } from "../db/seed/premium";
import { db } from "~/db/client.server";
import { getAuth } from "~/features/auth/auth.server";
import { insertTestOriginal } from "~/features/blog/test-helpers.server";
import { parseAccountForm } from "~/features/money-accounts/account.schema";
import { createAccount } from "~/features/money-accounts/accounts.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { createImportDraft } from "~/features/statement-import/statement-import.server";
import { pageServerBuild } from "./test-page-build";
import { useTestServer } from "./test-server";
import { bodyLimitFor } from "~/features/platform/body-limits.server";

/**
 * The bad-input suite: every page and its .data URL, every action, the Better Auth API and the other API routes,
 * asked by an anonymous visitor and by a signed-in owner of a premium household, with generated bad input — NUL
 * and other control characters, very long strings, wrong types, JSON / text / binary bodies, huge numbers, broken
 * percent-encoding and invalid UTF-8, unknown methods, bodies over the limit or without a length. Nothing may
 * answer 500, no answer may carry a stack trace or internal error text, and no table of user data may change.
 *
 * The inputs come from fast-check with a fixed seed (BAD_INPUT_SEED overrides it), so a failure is reproducible.
 */

vi.mock("virtual:react-router/server-build", async () => (await import("./test-page-build")).pageServerBuild());

const server = useTestServer();
const seed = Number(process.env.BAD_INPUT_SEED ?? 20_251_124);
const password = "a long and calm passphrase";
const oneMegabyte = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// HTTP without a client's opinions: any method (TRACE too), any Host, raw bytes, declared or chunked bodies.

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
  /** Replace the Host header (an empty string sends an empty one). */
  host?: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(request: Sent): Promise<Answer> {
  const target = new URL(server.url("/"));
  const headers: Record<string, string> = { host: request.host ?? target.host, ...request.headers };
  const body = typeof request.body === "string" ? Buffer.from(request.body, "utf8") : request.body;
  if (body && !request.chunked) headers["content-length"] = String(body.byteLength);
  if (request.chunked) headers["transfer-encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers,
        setHost: false,
        agent: false,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    // A server that answers early (413) and closes may cut the rest of our upload: that is the point, not an error.
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (body) outgoing.write(body);
    outgoing.end();
  });
}

/**
 * Declares a large body, sends only its first bytes and waits: a server that answers now has not read the rest (it
 * never arrives). "no answer" means the server was waiting to read it all.
 */
function sendPartially(
  path: string,
  declaredBytes: number,
  sentBytes: number,
  headers: Record<string, string> = {},
): Promise<number | "no answer"> {
  const target = new URL(server.url("/"));
  return new Promise((resolve) => {
    const outgoing = http.request({
      host: target.hostname,
      port: target.port,
      method: "POST",
      path,
      agent: false,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(declaredBytes),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve("no answer");
    }, 3_000);
    outgoing.on("response", (response) => {
      clearTimeout(timer);
      response.resume();
      outgoing.destroy();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on("error", () => {});
    outgoing.write(`title=${"a".repeat(sentBytes)}`);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Generated bad values.

const controls = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u009b",
];

/** Text with a NUL byte or another control character somewhere in it: refused at the edge, whatever the field. */
const controlText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...controls), fc.string({ maxLength: 20 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

/** Longer than any text field allows (the longest, an article, is 50,000 characters), yet under the body limit. */
const longText = fc
  .tuple(fc.constantFrom("x", "é", "€", "𝄞", " "), fc.integer({ min: 50_001, max: 60_000 }))
  .map(([unit, length]) => unit.repeat(length));

const hugeNumber = fc.oneof(
  fc.constantFrom(
    "1e308",
    "-1e308",
    "1e999",
    "Infinity",
    "-Infinity",
    "NaN",
    "0x7fffffffffffffff",
    "9007199254740993",
    "-0",
    "1e-400",
    "١٢٣",
  ),
  fc.integer({ min: 20, max: 400 }).map((digits) => "9".repeat(digits)),
  fc.integer({ min: 20, max: 400 }).map((digits) => `-${"9".repeat(digits)}.${"9".repeat(digits)}`),
);

/** Strings that are what another type looks like once it is in a form: never a valid value for the fields they land in. */
const wrongType = fc.constantFrom(
  "[object Object]",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  '{"$gt":""}',
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "' or 1=1 --",
);

/** A form value: any of the above, percent-encoded as a browser would. */
const badValue = fc.oneof(controlText, longText, hugeNumber, wrongType);

/** A raw urlencoded fragment a browser never sends: broken percent-escapes and escapes of invalid UTF-8. */
const brokenEncoding = fc.constantFrom(
  "%",
  "%2",
  "%zz",
  "%E0%A4%A",
  "%C3%28",
  "%FF%FE",
  "%ED%A0%80",
  "%C0%AF",
  "%F8%88%80%80%80",
  "%00",
  "%u0041",
  "a%",
);

/** A path segment or query value that is broken in the same ways. */
const badSegment = fc.oneof(
  brokenEncoding,
  controlText.map(encodeURIComponent),
  hugeNumber.map(encodeURIComponent),
  wrongType.map(encodeURIComponent),
  fc.integer({ min: 2_000, max: 6_000 }).map((length) => "a".repeat(length)),
  fc.constantFrom("..", "%2e%2e", "%2F", "%5C", "%20", "%2500"),
);

/** JSON of the wrong shape: numbers where text goes, nested objects, huge numbers, arrays. */
const wrongJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      "email",
      "password",
      "name",
      "newPassword",
      "currentPassword",
      "token",
      "code",
      "callbackURL",
      "image",
    ),
    fc.oneof(
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
      hugeNumber,
      wrongType,
    ),
  ),
);

/** JSON with a NUL or control character in a string somewhere (for the signed-in owner: always refused). */
const controlJson = fc
  .tuple(
    wrongJson,
    fc.constantFrom("name", "email", "password", "token", "newPassword", "code", "callbackURL", "reason"),
    controlText,
  )
  .map(([value, key, text]) => ({
    ...(typeof value === "object" && value !== null && !Array.isArray(value) ? value : { value }),
    [key]: text,
  }));

const unknownMethod = fc.constantFrom(
  "PUT",
  "PATCH",
  "DELETE",
  "TRACE",
  "OPTIONS",
  "PROPFIND",
  "MKCOL",
  "LOCK",
  "PURGE",
  "SEARCH",
  "REPORT",
);

function sample<T>(arbitrary: fc.Arbitrary<T>, count: number, salt: number): T[] {
  return fc.sample(arbitrary, { seed: seed + salt, numRuns: count });
}

// ---------------------------------------------------------------------------------------------------------------
// What each action's forms carry: the intents it knows and the fields it reads (all get bad values at once, so even
// a value that would be fine in one field cannot make a whole form valid).

const actionForms: Record<string, { intents?: string[]; fields: string[] }> = {
  "routes/auth/sign-in": {
    intents: ["sign-in", "sign-up", "resend-verification"],
    fields: ["name", "email", "password", "confirmPassword", "redirectTo", "js"],
  },
  "routes/auth/login": { intents: ["sign-in"], fields: ["email", "password"] },
  "routes/auth/sign-up": { intents: ["sign-up"], fields: ["name", "email", "password", "confirmPassword"] },
  "routes/auth/forgot-password": { fields: ["email"] },
  "routes/auth/reset-password": { fields: ["token", "password", "confirmPassword"] },
  "routes/auth/two-factor": { fields: ["code", "method", "redirectTo", "js"] },
  // Sign-out and accepting an invitation read no fields: only bodies refused at the edge are tried there.
  "routes/auth/sign-out": { fields: [] },
  "routes/app/premium/invitation": { fields: [] },
  "routes/app/notifications": { fields: [] },
  "blog-list": {
    intents: ["create", "translate", "translate-all"],
    fields: ["authorName", "title", "excerpt", "content", "articleId"],
  },
  "blog-list-lang": {
    intents: ["create", "translate"],
    fields: ["authorName", "title", "excerpt", "content", "articleId"],
  },
  "blog-article": { fields: ["articleId"] },
  "blog-article-lang": { fields: ["articleId"] },
  "routes/app/transaction-new": {
    intents: ["add"],
    fields: [
      "householdId",
      "kind",
      "amount",
      "occurredOn",
      "description",
      "categoryId",
      "shared",
      "memberUserId",
      "clientId",
      "js",
      "redirectTo",
    ],
  },
  "routes/app/outbox": {
    fields: [
      "userId",
      "householdId",
      "clientId",
      "language",
      "kind",
      "amount",
      "occurredOn",
      "description",
      "categoryId",
    ],
  },
  "routes/app/transaction-edit": {
    intents: ["update", "delete", "restore", "rate"],
    fields: [
      "householdId",
      "version",
      "kind",
      "amount",
      "amountMinor",
      "occurredOn",
      "description",
      "categoryId",
      "shared",
      "memberUserId",
      "rate",
      "useTable",
      "js",
    ],
  },
  "routes/app/settle-up": {
    intents: ["settle", "ask", "method", "alert"],
    fields: ["householdId", "month", "method", "memberId", "percent", "sharedAlert"],
  },
  "routes/app/goals": {
    intents: ["create", "update", "archive", "restore", "contribute"],
    fields: ["householdId", "goalId", "version", "name", "target", "deadline", "amount", "direction"],
  },
  "routes/app/budgets": {
    intents: ["set", "remove"],
    fields: ["householdId", "categoryId", "month", "amount", "scope", "rollover"],
  },
  "routes/app/settings": { intents: ["profile", "household"], fields: ["name", "locale", "currency", "householdId"] },
  "routes/app/settings-security": {
    intents: ["two-factor-enable", "two-factor-confirm", "two-factor-disable"],
    fields: ["password", "code"],
  },
  "routes/app/household": { fields: ["householdId", "redirectTo"] },
  "routes/app/premium/settings-categories": {
    intents: ["create", "update", "archive", "restore"],
    fields: ["householdId", "categoryId", "version", "kind", "name", "icon", "color"],
  },
  "routes/app/settings-data": { fields: ["confirm", "password"] },
  "routes/app/settings-currency": { fields: ["householdId", "to"] },
  "routes/app/premium/settings-partners": {
    intents: ["invite", "revoke", "remove", "setAccess", "setPrivacy", "leave"],
    fields: [
      "householdId",
      "email",
      "language",
      "access",
      "invitationId",
      "partnerUserId",
      "canEdit",
      "personalInDetail",
    ],
  },
  "routes/app/premium/upgrade": { intents: ["upgrade", "cancel", "resume", "endTest"], fields: ["householdId"] },
  "routes/api/billing-webhook": { fields: ["type", "id", "data"] },
  "routes/app/accounts": {
    intents: ["create", "update", "archive", "unarchive"],
    fields: [
      "householdId",
      "accountId",
      "version",
      "name",
      "kind",
      "currency",
      "iban",
      "openingBalance",
      "openingOn",
      "defaultShared",
    ],
  },
  "routes/app/import": {
    intents: ["upload", "confirm", "undo"],
    fields: ["householdId", "accountId", "draftId", "batchId", "mapping", "row", "include", "skip", "month"],
  },
  "routes/app/rules": {
    intents: ["create", "update", "delete", "moveUp", "moveDown", "learn", "preview", "apply"],
    fields: [
      "householdId",
      "ruleId",
      "version",
      "conditionField",
      "conditionOperator",
      "conditionValue",
      "conditionMax",
      "conditionAccount",
      "categoryId",
      "rename",
      "transferAccountId",
      "sharing",
      "counterparty",
      "kind",
      "js",
      "redirectTo",
    ],
  },
  "routes/app/account": {
    intents: ["transfer", "deleteTransfer", "restoreTransfer"],
    fields: [
      "householdId",
      "toAccountId",
      "fromAccountId",
      "amount",
      "receivedAmount",
      "amountMinor",
      "toAmountMinor",
      "occurredOn",
      "description",
      "transferId",
    ],
  },
  "routes/app/search": {
    intents: ["setCategory", "setPayee", "makeShared", "makePersonal", "delete", "undoBulk"],
    fields: ["householdId", "q", "all", "entryId", "categoryId", "payeeId", "bulkEditId"],
  },
  "routes/app/payees": {
    intents: ["rename", "memory", "merge", "undoMerge"],
    fields: ["householdId", "payeeId", "name", "expenseCategoryId", "incomeCategoryId", "intoId"],
  },
  "routes/app/recurring": {
    intents: ["create", "update", "delete", "confirm", "skip", "reopen"],
    fields: [
      "householdId",
      "recurringId",
      "version",
      "dueOn",
      "kind",
      "amount",
      "description",
      "counterparty",
      "categoryId",
      "accountId",
      "frequency",
      "interval",
      "day",
      "startsOn",
      "endsOn",
      "autoPost",
    ],
  },
};

const queryNames = [
  "month",
  "period",
  "from",
  "to",
  "q",
  "kind",
  "category",
  "redirectTo",
  "feature",
  "checkout",
  "token",
  "email",
  "page",
  "_routes",
  "joined",
  "left",
  "description",
  "amount",
  "accountId",
  "view",
];

// ---------------------------------------------------------------------------------------------------------------
// The routes, read from the same build the server uses: a route added tomorrow is walked without editing this file.

interface Walked {
  id: string;
  path: string;
  params: string[];
  hasAction: boolean;
}

function routesOf(build: ServerBuild): Walked[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const parents = new Set(Object.values(build.routes).map((route) => route?.parentId));
  const walked: Walked[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route || route.id === "root") continue;
    // A layout is walked through its children (an index child stands for its own path).
    if (parents.has(route.id) && !route.index) continue;
    const path = `/${fullPath(route.id)}`;
    const params = [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
    walked.push({ id: route.id, path, params, hasAction: typeof route.module.action === "function" });
  }
  return walked;
}

interface Persona {
  name: "anonymous" | "owner";
  cookie?: string;
}

interface Attempt {
  persona: Persona;
  label: string;
  request: Sent;
  /** Statuses that are right for this input (beyond "no 500"). */
  expect?: number[];
}

const internalText =
  /\n\s+at [^\n]+\(|at file:\/\/|\([^()\s]+\.[cm]?[jt]sx?:\d+:\d+\)|node_modules[\\/]|DrizzleQueryError|Failed query|SanitizedError|TypeError:|RangeError:|ReferenceError:|URIError|SyntaxError:|invalid byte sequence|Unexpected Server Error|Cannot read properties/;

/** The rows of every table that holds people's data, as one fingerprint per table. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = [
    "user",
    "account",
    "session",
    "verification",
    "two_factor",
    "household",
    "household_member",
    "category",
    "transaction",
    "month_total",
    "transfer",
    "rule",
    "goal",
    "goal_contribution",
    "budget_limit",
    "recurring",
    "recurring_occurrence",
    "subscription",
    "notification",
    "invitation",
    "billing_event",
    "blog_post",
    "translation_job",
  ];
  const fingerprints: Record<string, string> = {};
  for (const table of tables) {
    const result = await db().execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${table}" t`,
      ),
    );
    // node-postgres and PGlite both answer with { rows }.
    fingerprints[table] = String((result as unknown as { rows: { f: string }[] }).rows[0]?.f);
  }
  return fingerprints;
}

describe("bad input", () => {
  const owner: Persona = { name: "owner" };
  const anonymous: Persona = { name: "anonymous" };
  let values: { slug: string; transactionId: string; goalId: string; draftId: string; accountId: string };

  beforeAll(async () => {
    const { owner: user, household } = await seedHousehold({ email: "owner@samen.test", password });
    await seedPremium(household.id);
    const [entry] = await seedTransactions({
      householdId: household.id,
      userId: user.id,
      entries: [{ kind: "expense", amountMinor: 1250, occurredOn: new Date().toISOString().slice(0, 10) }],
    });
    const goal = await seedGoal({ householdId: household.id, name: "Buffer", targetMinor: 100_000 });
    const article = await insertTestOriginal();
    const signIn = await fetch(server.url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@samen.test", password }),
    });
    expect(signIn.status).toBe(200);
    owner.cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const draft = await createImportDraft({
      userId: user.id,
      householdId: household.id,
      accountId: await everydayAccountId(household.id),
      fileName: "statement.csv",
      bytes: new TextEncoder().encode("Date;Description;Amount\n2026-11-02;Coffee;-3,20\n"),
    });
    if (!draft.ok) throw new Error("no import draft");
    // A second account, so the account page shows its "Move money" form to the walk.
    const savingsForm = parseAccountForm({ name: "Savings", kind: "savings" }, "en");
    if (!savingsForm.ok) throw new Error("bad account form");
    const savings = await createAccount({ userId: user.id, householdId: household.id, input: savingsForm.value });
    if (!savings.ok) throw new Error("no savings account");
    values = {
      slug: article.slug,
      transactionId: entry!.id,
      goalId: goal.id,
      draftId: draft.draftId,
      accountId: savings.accountId,
    };
    // Pages that set things up on a first visit (the household, notifications) have had it before the snapshot.
    for (const path of ["/app", "/app/goals", "/app/settings", "/blog"])
      await send({ method: "GET", path, headers: { cookie: owner.cookie } });
  });

  // The review's findings (issue 11), one by one, before the generated walk below.
  describe("findings of the security review", () => {
    const today = new Date().toISOString().slice(0, 10);
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const postForm = (path: string, fields: Record<string, string>, extra: Record<string, string> = {}) =>
      send({
        method: "POST",
        path,
        headers: { cookie: owner.cookie!, "content-type": "application/x-www-form-urlencoded", ...extra },
        body: form(fields),
      });
    // As the page shows it: React writes an apostrophe as &#x27; (the words are not in the HTML otherwise, decision 0029).
    const english = "The form contained characters that can&#x27;t be saved, such as invisible control characters.";
    const dutch = "Het formulier bevatte tekens die we niet kunnen opslaan, zoals onzichtbare stuurtekens.";

    const nulCases: [string, string, Record<string, string>][] = [
      [
        "transaction description",
        "/app/transactions/new",
        {
          intent: "add",
          kind: "expense",
          amount: "12.50",
          occurredOn: today,
          categoryId: "00000000-0000-4000-8000-000000000202",
          description: "coffee\u0000",
        },
      ],
      ["household name", "/app/settings", { intent: "household", name: "Home\u0000", currency: "EUR" }],
      ["profile name", "/app/settings", { intent: "profile", name: "Sam\u0000", locale: "en" }],
      ["goal name (create)", "/app/goals", { intent: "create", name: "Trip\u0000", target: "500" }],
      ["goal name (update)", "/app/goals", { intent: "update", goalId: "", name: "Trip\u0000", target: "500" }],
      [
        "category name",
        "/app/settings/categories",
        { intent: "create", kind: "expense", name: "Pets\u0000", icon: "tag", color: "#2f7d5b" },
      ],
    ];

    it.each(nulCases)(
      "a NUL byte in the %s answers 400 with the message, in the reader's language, and writes nothing",
      async (_field, path, fields) => {
        if (fields.goalId === "") fields.goalId = values.goalId;
        const before = await snapshot();
        const page = await postForm(path, fields);
        expect(page.status).toBe(400);
        expect(page.body).toContain(english);
        const data = await postForm(`${path}.data`, fields, { cookie: `${owner.cookie}; lang=nl` });
        expect(data.status).toBe(400);
        expect(data.body).not.toMatch(internalText);
        const dutchPage = await postForm(path, fields, { cookie: `${owner.cookie}; lang=nl` });
        expect(dutchPage.body).toContain(dutch);
        expect(await snapshot()).toEqual(before);
      },
    );

    it.each([
      ["title", { intent: "create", authorName: "Sam", title: "Budget\u0000", content: "Text" }],
      ["content", { intent: "create", authorName: "Sam", title: "Budget", content: "Text\u0000" }],
    ])(
      "a NUL byte in an article's %s answers 400 with the article-creation error, for anyone",
      async (_field, fields) => {
        for (const cookie of ["", owner.cookie!]) {
          const answer = await send({
            method: "POST",
            path: "/blog.data",
            headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
            body: form(fields),
          });
          expect(answer.status).toBe(400);
          expect(answer.body).toContain("common:badInput.INVALID_CHARACTERS");
        }
      },
    );

    it("a NUL byte in Better Auth's update-user name answers 400 INVALID_CHARACTERS and changes nothing", async () => {
      const before = await snapshot();
      const answer = await send({
        method: "POST",
        path: "/api/auth/update-user",
        headers: { cookie: owner.cookie!, "content-type": "application/json" },
        body: JSON.stringify({ name: "Sam\u0000" }),
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "INVALID_CHARACTERS" });
      expect(await snapshot()).toEqual(before);
    });

    // Issue 20, finding 11: names travel into mail headers and subjects, so they take no line break or tab either.
    it.each([
      [
        "profile name",
        "/app/settings.data",
        { intent: "profile", name: "Sam\r\nBcc: all@example.com", locale: "en" },
        "errors.name.controlCharacters",
      ],
      [
        "household name",
        "/app/settings.data",
        { intent: "household", name: "Home\tSweet", currency: "EUR" },
        "errors.householdName.controlCharacters",
      ],
    ])(
      "a line break or tab in the %s answers 400 with its translated message and writes nothing",
      async (_field, path, fields, key) => {
        const before = await snapshot();
        const answer = await postForm(path, fields);
        expect(answer.status).toBe(400);
        expect(answer.body).toContain(key);
        expect(await snapshot()).toEqual(before);
      },
    );

    it("a line break in Better Auth's update-user or sign-up name answers 400 NAME_INVALID_CHARACTERS and changes nothing", async () => {
      const before = await snapshot();
      const update = await send({
        method: "POST",
        path: "/api/auth/update-user",
        headers: { cookie: owner.cookie!, "content-type": "application/json" },
        body: JSON.stringify({ name: "Sam\r\nBcc: all@example.com" }),
      });
      expect(update.status).toBe(400);
      expect(JSON.parse(update.body)).toMatchObject({ code: "NAME_INVALID_CHARACTERS" });
      const signUp = await send({
        method: "POST",
        path: "/api/auth/sign-up/email",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Eve\nAdams", email: "crlf@samen.test", password }),
      });
      expect(signUp.status).toBe(400);
      expect(JSON.parse(signUp.body)).toMatchObject({ code: "NAME_INVALID_CHARACTERS" });
      expect(await snapshot()).toEqual(before);
    });

    // Issue 20: a unique index meeting two writes at once answers a translated refusal, never 500.
    it("the same IBAN added in three tabs at once adds one account; the others answer 'taken', never 500", async () => {
      const fields = { intent: "create", name: "Joint", kind: "checking", iban: "DE89 3704 0044 0532 0130 00" };
      const answers = await Promise.all([0, 1, 2].map(() => postForm("/app/accounts.data", fields)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
      for (const answer of answers.filter((item) => item.status === 400))
        expect(answer.body).toContain("errors.iban.taken");
      await db().execute(sql`delete from "money_account" where "iban" = 'DE89370400440532013000'`);
    });

    it("a JSON body to any page action answers 400 (page and .data)", async () => {
      const build = await pageServerBuild();
      const actions = routesOf(build).filter(
        (route) => route.hasAction && route.id !== "routes/api/billing-webhook" && !route.params.length,
      );
      expect(actions.length).toBeGreaterThan(10);
      for (const route of actions) {
        // The auth screens send a signed-in visitor away before reading anything: ask them signed out.
        const cookie = route.path.startsWith("/app") ? owner.cookie! : "";
        for (const path of [route.path, `${route.path}.data`]) {
          const answer = await send({
            method: "POST",
            path,
            headers: { cookie, "content-type": "application/json" },
            body: '{"intent":"create","name":"x"}',
          });
          expect(
            [400, ...(route.id === "routes/auth/two-factor" ? [302, 202] : [])],
            `${path}: ${answer.status}`,
          ).toContain(answer.status);
        }
      }
    });

    it.each(["PUT", "PATCH", "DELETE"])("%s on pages answers 405 with Allow: GET, HEAD, POST", async (method) => {
      for (const path of ["/", "/blog", "/app/settings", "/app/goals.data", "/auth"]) {
        const answer = await send({
          method,
          path,
          headers: { cookie: owner.cookie!, "content-type": "application/x-www-form-urlencoded" },
          body: "name=x",
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
      }
    });

    it("TRACE / answers 405 with Allow, and a POST to a page without an action 405 with Allow: GET, HEAD", async () => {
      const trace = await send({ method: "TRACE", path: "/" });
      expect(trace.status).toBe(405);
      expect(trace.headers.allow).toBe("GET, HEAD, POST");
      const about = await send({
        method: "POST",
        path: "/about",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(about.status).toBe(405);
      expect(about.headers.allow).toBe("GET, HEAD");
    });

    it("an empty Host header answers 400 with a clear message", async () => {
      for (const method of ["GET", "POST"]) {
        const answer = await send({ method, path: "/", host: "", headers: { "accept-language": "de" } });
        expect(answer.status).toBe(400);
        expect(answer.body).toContain("Die Anfrage war unvollständig.");
      }
    });

    it("a broken address answers 400 in the reader's language, without a stack trace", async () => {
      for (const path of ["/blog/%E0%A4%A", "/blog/%C3%28", "/app/transactions/%00", "/?month=%00"]) {
        const answer = await send({ method: "GET", path, headers: { "accept-language": "fr-FR,fr;q=0.9" } });
        expect(answer.status, path).toBe(400);
        expect(answer.body).toContain("Cette adresse n’est pas valide.");
        expect(answer.body).not.toMatch(internalText);
      }
    });

    it.each([
      ["an anonymous 10 MB form to /blog.data", "/blog.data", false],
      ["the owner's 10 MB form to /app/goals.data", "/app/goals.data", true],
      ["a 10 MB form to /auth", "/auth", false],
      ["a 10 MB event to the billing webhook", "/api/billing/webhook", false],
      ["a 10 MB body to Better Auth", "/api/auth/sign-in/email", false],
    ])("%s answers 413 before the rest of the body is sent", async (_name, path, signedIn) => {
      const status = await sendPartially(path, 10 * oneMegabyte, 64 * 1024, signedIn ? { cookie: owner.cookie! } : {});
      expect(status).toBe(413);
    });

    it("a body without Content-Length (chunked) answers 411 on pages, actions and APIs", async () => {
      for (const path of ["/blog.data", "/app/goals", "/api/billing/webhook", "/api/auth/sign-in/email"]) {
        const answer = await send({
          method: "POST",
          path,
          headers: { cookie: owner.cookie!, "content-type": "application/x-www-form-urlencoded" },
          body: "intent=create",
          chunked: true,
        });
        expect(answer.status, path).toBe(411);
      }
    });

    it("the limit is a per-path setting: 70 KB is too much for the security settings, not for the other settings", async () => {
      const fields = { intent: "two-factor-enable", password: "p".repeat(70 * 1024) };
      expect((await postForm("/app/settings/security", fields)).status).toBe(413);
      expect(
        (await postForm("/app/settings", { intent: "profile", name: "n".repeat(70 * 1024), locale: "en" })).status,
      ).toBe(400);
    });

    it("a callback URL Better Auth cannot build on answers 400, not 500", async () => {
      const answer = await send({ method: "GET", path: "/api/auth/verify-email?token=abc&callbackURL=abc" });
      expect(answer.status).toBe(400);
    });
  });

  it("answers every generated bad input without a 500, internal text or a write", { timeout: 600_000 }, async () => {
    const build = await pageServerBuild();
    const routes = routesOf(build);
    const knownParams: Record<string, () => string> = {
      lang: () => "nl",
      slug: () => values.slug,
      transactionId: () => values.transactionId,
      draftId: () => values.draftId,
      accountId: () => values.accountId,
      token: () => "0123456789abcdef0123456789abcdef",
      batchId: () => "00000000-0000-4000-8000-000000000000",
      "*": () => "no-such-page",
    };
    const unknown = routes.flatMap((route) =>
      route.params.filter((param) => !knownParams[param]).map((param) => `${route.id}: ${param}`),
    );
    expect(unknown, "a route parameter the suite cannot fill in").toEqual([]);

    const concrete = (route: Walked, replace?: { param: string; value: string }) =>
      route.path.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => {
        const param = name ?? "*";
        return replace?.param === param ? replace.value : knownParams[param]!();
      });
    const dataUrl = (path: string) => (path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`);

    const attempts: Attempt[] = [];
    const personas = [anonymous, owner];
    let salt = 0;
    const next = () => ++salt * 7919;

    for (const route of routes) {
      const form = actionForms[route.id];
      if (route.hasAction && !form)
        throw new Error(`${route.id} has an action: list its intents and fields in actionForms`);
      const page = concrete(route);
      const urls = [page, dataUrl(page)];

      for (const persona of personas) {
        for (const url of urls) {
          // Unknown methods: 405 with an Allow header.
          for (const method of sample(unknownMethod, 2, next()))
            attempts.push({ persona, label: `${method} ${url}`, request: { method, path: url }, expect: [405] });
          // Query strings with broken encodings and bad values.
          const query = sample(
            fc.array(fc.tuple(fc.constantFrom(...queryNames), badSegment), { minLength: 1, maxLength: 3 }),
            2,
            next(),
          );
          for (const pairs of query) {
            const search = pairs.map(([name, value]) => `${name}=${value}`).join("&");
            attempts.push({
              persona,
              label: `GET ${url}?${search.slice(0, 80)}`,
              request: { method: "GET", path: `${url}?${search}` },
            });
          }
        }
        // Path parameters with bad values.
        for (const param of route.params) {
          for (const value of sample(badSegment, 2, next())) {
            const path = concrete(route, { param, value });
            attempts.push({ persona, label: `GET ${path.slice(0, 100)}`, request: { method: "GET", path } });
          }
        }
        if (!route.hasAction || !form) continue;

        for (const url of urls) {
          // Some requests are sent elsewhere (302, or 202 with a redirect for a .data request) before the action reads
          // a byte: a signed-out visitor in /app to sign-in, a signed-in one away from the auth screens, anyone
          // without a pending challenge away from the two-factor step. Everyone else gets the body's own answer.
          const redirectedFirst =
            (persona.name === "anonymous" && url.startsWith("/app")) ||
            (persona.name === "owner" &&
              ["routes/auth/sign-in", "routes/auth/login", "routes/auth/sign-up"].includes(route.id)) ||
            route.id === "routes/auth/two-factor";
          // The offline outbox answers a signed-out device with 401 (it keeps the entry and asks to sign in again).
          const signInFirst = redirectedFirst ? (route.id === "routes/app/outbox" ? [401] : [302, 202]) : [];
          const post = (label: string, request: Omit<Sent, "method" | "path">, expected?: number[]) =>
            attempts.push({
              persona,
              label: `POST ${url} ${label}`,
              request: { method: "POST", path: url, ...request },
              expect: expected && (expected.includes(400) ? [...expected, ...signInFirst] : expected),
            });
          const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
          const intentOf = (index: number) => (form.intents ? form.intents[index % form.intents.length] : undefined);

          // NUL and control characters in one field (all other fields fine-looking): refused at the edge.
          const controlForms = sample(
            fc.tuple(fc.nat(), fc.constantFrom(...(form.fields.length ? form.fields : ["intent"])), controlText),
            2,
            next(),
          );
          for (const [index, field, text] of controlForms) {
            const intent = intentOf(index);
            const body = new URLSearchParams({
              ...(intent ? { intent } : {}),
              ...Object.fromEntries(form.fields.map((name) => [name, "ok"])),
              [field]: text,
            });
            post(`${field} with a control character`, { headers: urlencoded, body: body.toString() }, [400]);
          }
          // Broken percent-encoding and invalid UTF-8: a malformed body.
          for (const [index, fragment] of sample(fc.tuple(fc.nat(), brokenEncoding), 2, next())) {
            const intent = intentOf(index);
            const field = form.fields[index % Math.max(1, form.fields.length)] ?? "name";
            post(
              `${field}=${fragment}`,
              { headers: urlencoded, body: `${intent ? `intent=${intent}&` : ""}${field}=${fragment}` },
              [400],
            );
          }
          // Raw invalid UTF-8 bytes in the body.
          post(
            "raw invalid UTF-8",
            {
              headers: urlencoded,
              body: Uint8Array.from([...Buffer.from(`${form.fields[0] ?? "name"}=`), 0xc3, 0x28, 0xff, 0xfe]),
            },
            [400],
          );
          // Not a form at all: JSON, text, binary, a broken multipart body, a file.
          for (const value of sample(wrongJson, 1, next()))
            post(
              "JSON",
              { headers: { "content-type": "application/json" }, body: JSON.stringify(value) },
              route.id === "routes/api/billing-webhook" ? undefined : [400],
            );
          for (const text of sample(fc.string({ maxLength: 200 }), 1, next()))
            post(
              "text/plain",
              { headers: { "content-type": "text/plain" }, body: text },
              route.id === "routes/api/billing-webhook" ? undefined : [400],
            );
          for (const bytes of sample(fc.uint8Array({ minLength: 1, maxLength: 512 }), 1, next()))
            post(
              "binary",
              { headers: { "content-type": "application/octet-stream" }, body: bytes },
              route.id === "routes/api/billing-webhook" ? undefined : [400],
            );
          post(
            "broken multipart",
            {
              headers: { "content-type": "multipart/form-data; boundary=x" },
              body: "--y\r\nContent-Disposition: form-data\r\n\r\n",
            },
            route.id === "routes/api/billing-webhook" ? undefined : [400],
          );
          post(
            "a file",
            {
              headers: { "content-type": "multipart/form-data; boundary=b" },
              body: `--b\r\nContent-Disposition: form-data; name="${form.fields[0] ?? "name"}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001\r\n--b--\r\n`,
            },
            route.id === "routes/api/billing-webhook" ? undefined : [400],
          );
          // Over the limit (declared), and a body without a length.
          // One byte more than the path allows (1 MiB for forms; the statement upload allows 10 MiB).
          const overLimit =
            bodyLimitFor(new URL(page, "http://localhost").pathname) + 1 - `${form.fields[0] ?? "name"}=`.length;
          post(
            "over the limit by 1 byte",
            { headers: urlencoded, body: `${form.fields[0] ?? "name"}=${"a".repeat(overLimit)}` },
            [413],
          );
          post("chunked, no length", { headers: urlencoded, body: "name=chunked", chunked: true }, [411]);

          // Every field bad at once (long, huge numbers, wrong types): refused by validation, never a 500 or a write.
          if (form.fields.length === 0) continue;
          const forms = sample(
            fc.tuple(fc.nat(), fc.array(badValue, { minLength: form.fields.length, maxLength: form.fields.length })),
            3,
            next(),
          );
          for (const [index, fieldValues] of forms) {
            const intent = intentOf(index);
            const body = new URLSearchParams({
              ...(intent ? { intent } : {}),
              ...Object.fromEntries(form.fields.map((name, position) => [name, fieldValues[position]!])),
            });
            const size = body.toString().length;
            post(
              `all fields bad (${intent ?? "-"}, ${size} bytes)`,
              { headers: urlencoded, body: body.toString() },
              size > bodyLimitFor(new URL(page, "http://localhost").pathname) ? [413] : undefined,
            );
          }
        }
      }
    }

    // Better Auth's endpoints, as listed by Better Auth itself.
    const endpoints = Object.values(
      getAuth().api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    ).filter((endpoint) => endpoint.path);
    for (const endpoint of endpoints) {
      const path = `/api/auth${endpoint.path!.replace(/:(\w+)/g, "0123456789abcdef")}`;
      const methods = [endpoint.options?.method ?? "GET"].flat();
      for (const persona of personas) {
        for (const method of sample(unknownMethod, 1, next()))
          attempts.push({ persona, label: `${method} ${path}`, request: { method, path }, expect: [405] });
        for (const value of sample(badSegment, 1, next()))
          attempts.push({
            persona,
            label: `GET ${path}?token=${value.slice(0, 40)}`,
            request: { method: "GET", path: `${path}?token=${value}&callbackURL=${value}` },
          });
        if (!methods.includes("POST")) continue;
        // The owner's answers must not end their own session (sign-out, revoke-sessions read no fields), so the owner
        // sends bodies that are refused whatever the endpoint; an anonymous visitor sends any wrong JSON.
        const bodies =
          persona.name === "owner"
            ? sample(controlJson, 3, next())
            : [...sample(wrongJson, 2, next()), ...sample(controlJson, 1, next())];
        for (const value of bodies) {
          const json = JSON.stringify(value);
          attempts.push({
            persona,
            label: `POST ${path} ${json.slice(0, 80)}`,
            request: { method: "POST", path, headers: { "content-type": "application/json" }, body: json },
          });
        }
        attempts.push({
          persona,
          label: `POST ${path} broken JSON`,
          request: {
            method: "POST",
            path,
            headers: { "content-type": "application/json" },
            body: '{"email": "a@b.c",',
          },
        });
        attempts.push({
          persona,
          label: `POST ${path} 70 KB`,
          request: {
            method: "POST",
            path,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "n".repeat(70_000) }),
          },
          expect: [413],
        });
        attempts.push({
          persona,
          label: `POST ${path} chunked`,
          request: { method: "POST", path, headers: { "content-type": "application/json" }, body: "{}", chunked: true },
          expect: [411],
        });
      }
    }
    const walkedPaths = routes.length + endpoints.length + 1;

    // The request itself: an empty or broken Host, and the health check.
    for (const host of ["", " ", "a b", "[::1", "example.com:99999999", "exa mple.com", "%00"]) {
      for (const persona of personas) {
        attempts.push({
          persona,
          label: `GET / with Host "${host}"`,
          request: { method: "GET", path: "/", host },
          expect: [400],
        });
        attempts.push({
          persona,
          label: `POST /auth with Host "${host}"`,
          request: {
            method: "POST",
            path: "/auth",
            host,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "intent=sign-in",
          },
          expect: [400],
        });
      }
    }
    for (const method of ["TRACE", "PUT", "DELETE"])
      attempts.push({
        persona: anonymous,
        label: `${method} /healthz`,
        request: { method, path: "/healthz" },
        expect: [405],
      });

    const before = await snapshot();
    const failures: string[] = [];
    let serverErrors = 0;
    const started = Date.now();
    const queue = [...attempts];
    const worker = async () => {
      for (let attempt = queue.shift(); attempt; attempt = queue.shift()) {
        const headers = {
          ...attempt.request.headers,
          ...(attempt.persona.cookie ? { cookie: attempt.persona.cookie } : {}),
        };
        let answer: Answer;
        try {
          answer = await send({ ...attempt.request, headers });
        } catch (error) {
          failures.push(`${attempt.persona.name} ${attempt.label}: no answer (${(error as Error).message})`);
          continue;
        }
        const where = `${attempt.persona.name} ${attempt.label}`;
        if (answer.status >= 500) {
          serverErrors++;
          failures.push(`${where}: ${answer.status} ${answer.body.replace(/\s+/g, " ").slice(0, 200)}`);
        } else if (internalText.test(answer.body)) {
          failures.push(`${where}: internal text in the answer: ${internalText.exec(answer.body)?.[0]}`);
        } else if (attempt.expect && !attempt.expect.includes(answer.status)) {
          failures.push(`${where}: ${answer.status}, expected ${attempt.expect.join(" or ")}`);
        } else if (answer.status === 405 && !answer.headers.allow) {
          failures.push(`${where}: 405 without an Allow header`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const after = await snapshot();

    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (process.env.BAD_INPUT_REPORT)
      writeFileSync(
        process.env.BAD_INPUT_REPORT,
        [...failures, ...changed.map((table) => `changed: ${table}`)].join("\n"),
      );
    console.log(
      `bad-input suite (seed ${seed}): ${walkedPaths} routes walked (${routes.length} pages and resource routes with their .data URLs, ${endpoints.length} Better Auth endpoints, /healthz), ` +
        `${attempts.length} inputs tried as ${personas.length} personas in ${((Date.now() - started) / 1000).toFixed(1)} s, 500s: ${serverErrors}, other failures: ${failures.length - serverErrors}, tables changed: ${changed.length}`,
    );
    expect(failures.slice(0, 60), `${failures.length} failures`).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(changed, "tables written by bad input").toEqual([]);
  });
});
