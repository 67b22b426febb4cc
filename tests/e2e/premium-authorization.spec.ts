import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { createVerifiedUser, signInOverApi, waitForMailLink, type TestAccount } from "./fixtures";

/**
 * The authorisation matrix: every /app page, download and action, asked by an anonymous visitor, the owner of a
 * premium household, a partner in it who edits, a partner who only looks, and a stranger (another account), against
 * the real production server.
 * Each cell is the HTTP status that person gets. Writes name the owner's household explicitly (as the forms do),
 * so a stranger's request is about someone else's data and must answer 404 without confirming it exists.
 */

type Persona = "anonymous" | "owner" | "editor" | "partner" | "stranger";
/** The editor's cell defaults to what the owner gets: a partner who edits may do what the owner does, but for the rows that say otherwise. */
type Expected = Record<Exclude<Persona, "editor">, number> & { editor?: number };

interface Ids {
  householdId: string;
  transactionId: string;
  goalId: string;
  categoryId: string;
  invitationId: string;
  token: string;
  partnerUserId: string;
  /** Each signed-in person's own user id: the outbox row sends an entry as its own person. */
  userIds: Record<Exclude<Persona, "anonymous">, string>;
  accountId: string;
  /** A second account (premium), which the account rows edit, archive and bring back. */
  savingsAccountId: string;
  draftId: string;
  batchId: string;
  /** A transfer from the Everyday account to the savings one, which the transfer rows delete and restore. */
  transferId: string;
  /** A monthly series due on the 1st, which the recurring rows confirm, skip, reopen, change and delete. */
  recurringId: string;
  /** A rule of the owner's, which the rule rows change, move and delete. */
  ruleId: string;
  /** The payee of the confirmed import, which the payee rows rename, remember and merge into the other one. */
  payeeId: string;
  otherPayeeId: string;
}

interface Row {
  name: string;
  method: "GET" | "POST";
  path: (ids: Ids) => string;
  form?: (ids: Ids, persona: Persona) => Record<string, string>;
  /** A multipart body with a file (the statement upload). */
  multipart?: (ids: Ids) => Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  expected: Expected;
}

async function userIdOf(context: APIRequestContext): Promise<string> {
  const exported = (await (await context.get("/app/settings/data/export.json")).json()) as { user: { id: string } };
  return exported.user.id;
}

const salaryId = "00000000-0000-4000-8000-000000000101";
const groceriesId = "00000000-0000-4000-8000-000000000202";
const today = new Date().toISOString().slice(0, 10);
/** A one-row ING export (its preset reads it without a mapping step). */
const statement = (description: string) => ({
  name: "ing.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    [
      "Datum;Naam / Omschrijving;Rekening;Tegenrekening;Code;Af Bij;Bedrag (EUR);Mutatiesoort;Mededelingen",
      `${today.replaceAll("-", "")};Bakker;NL91ABNA0417164300;;BA;Af;2,50;Betaalautomaat;${description}`,
    ].join("\r\n"),
  ),
});
const month = today.slice(0, 7);
/** Rent on the 1st of every month since this month began. */
const rentSeries = {
  kind: "expense",
  amount: "950",
  description: "Rent",
  categoryId: "00000000-0000-4000-8000-000000000201",
  frequency: "monthly",
  day: "1",
  startsOn: `${month}-01`,
};
/** One condition row of the rule form and what the rule sets. */
const ruleFields = {
  conditionField: "counterparty",
  conditionOperator: "contains",
  conditionValue: "Bakker",
  conditionMax: "",
  conditionAccount: "",
  categoryId: groceriesId,
  rename: "",
};
/** A household write: the owner and the partner who edits may, the read-only partner is refused, anyone else does not see the household. */
const householdWrite: Expected = { anonymous: 302, owner: 200, partner: 403, stranger: 404 };
/**
 * A write that can happen once (a delete, a confirmation, a name that must be unique): the partner who edits does it
 * just before the owner, whose request then finds it done (404) or taken (400).
 */
const doneByEditor = (ownerStatus: number): Expected => ({ ...householdWrite, editor: 200, owner: ownerStatus });
/** The plan, the people and the household itself: the owner alone. */
const ownerOnly: Expected = { ...householdWrite, editor: 403 };
/**
 * A change or delete of a row that carries a version (app/features/platform/row-version.server.ts), posted without one
 * as these rows do: whoever may write gets the conflict answer (409, the row as it is now, nothing written); the others
 * are refused before, exactly as for any household write.
 */
const versionedWrite: Expected = { ...householdWrite, owner: 409 };

const page = (path: string, expected: Partial<Expected> = {}): Row => ({
  name: `GET ${path}`,
  method: "GET",
  path: () => path,
  expected: { anonymous: 302, owner: 200, partner: 200, stranger: 200, ...expected },
});

const rows: Row[] = [
  // Pages: a stranger gets their own household's page (their cookie), never the owner's data; anonymous goes to sign-in.
  page("/app"),
  page("/app/income"),
  page("/app/expenses"),
  page("/app/expenses?view=mine"),
  page("/app/goals"),
  page("/app/budgets"),
  page("/app/reports"),
  page("/app/settings"),
  page("/app/settings/security"),
  // The preview of a change of base currency: the owner's alone (a stranger sees their own household's).
  page("/app/settings/currency?to=PLN", { partner: 403, editor: 403 }),
  page("/app/transactions/new"),
  page("/app/upgrade"),
  page("/app/exports"),
  page("/app/settings/partners"),
  page("/app/settings/categories"),
  page("/app/settings/data"),
  page("/app/import"),
  page("/app/accounts"),
  page("/app/recurring"),
  page("/app/rules"),
  page("/app/settle-up"),
  page("/app/search?q=albert%20%3E10"),
  page("/app/payees"),
  // What the entry form preselects while typing: each signed-in person about their own household.
  {
    name: "GET a suggestion for an entry",
    method: "GET",
    path: () => "/app/rules/suggest?kind=expense&description=Bakker&amount=2.50",
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 200 },
  },
  // An account's own page: readable by the partner; another household's account is "not found" for the stranger.
  {
    name: "GET an account's page",
    method: "GET",
    path: (ids) => `/app/accounts/${ids.accountId}`,
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 404 },
  },
  // A waiting import is read only by the member who uploaded it (the owner here, issue 20): the partner who edits finds
  // it "not found" like a stranger (its existence never confirmed), the read-only partner is refused before.
  {
    name: "GET an import preview",
    method: "GET",
    path: (ids) => `/app/import/${ids.draftId}`,
    expected: { anonymous: 302, owner: 200, editor: 404, partner: 403, stranger: 404 },
  },
  page("/app/household", { owner: 302, partner: 302, stranger: 302 }),
  page("/app/notifications", { owner: 302, partner: 302, stranger: 302 }),
  {
    name: "GET one entry",
    method: "GET",
    path: (ids) => `/app/transactions/${ids.transactionId}`,
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 404 },
  },
  {
    name: "GET an invitation link",
    method: "GET",
    path: (ids) => `/app/invitations/${ids.token}`,
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 200 },
  },
  // Downloads: premium and readable by the partner; the stranger's own free household meets the upgrade page.
  {
    name: "GET transactions.csv",
    method: "GET",
    path: () => `/app/export/transactions.csv?from=${month}-01&to=${today}`,
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 302 },
  },
  {
    name: "GET settlements.csv",
    method: "GET",
    path: () => `/app/export/settlements.csv?from=${month}-01&to=${today}`,
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 302 },
  },
  {
    name: "GET report.pdf",
    method: "GET",
    path: () => `/app/export/report.pdf?month=${month}`,
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 302 },
  },
  {
    name: "GET my data (JSON)",
    method: "GET",
    path: () => "/app/settings/data/export.json",
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 200 },
  },

  // Budget writes: only the owner; the partner is read-only (403), the stranger does not see the household (404).
  // An entry a device kept offline (issue 25), sent by its own person: JSON answers, never a redirect to sign in.
  {
    name: "POST an entry from the offline outbox",
    method: "POST",
    path: () => "/app/outbox",
    form: (ids, persona) => ({
      userId: persona === "anonymous" ? "" : ids.userIds[persona],
      householdId: ids.householdId,
      clientId: crypto.randomUUID(),
      language: "en",
      kind: "expense",
      amount: "4.20",
      categoryId: groceriesId,
      occurredOn: today,
      description: "Coffee on the train",
    }),
    expected: { anonymous: 401, owner: 200, partner: 403, stranger: 404 },
  },
  {
    name: "POST add entry",
    method: "POST",
    path: () => "/app/transactions/new",
    form: (ids) => ({
      intent: "add",
      js: "1",
      householdId: ids.householdId,
      kind: "expense",
      amount: "12.50",
      categoryId: "00000000-0000-4000-8000-000000000202",
      occurredOn: today,
      description: "matrix",
    }),
    expected: householdWrite,
  },
  // Changing or deleting an entry without its version is a conflict.
  {
    name: "POST update entry",
    method: "POST",
    path: (ids) => `/app/transactions/${ids.transactionId}`,
    form: (ids) => ({
      intent: "update",
      js: "1",
      householdId: ids.householdId,
      kind: "income",
      amount: "3000",
      categoryId: salaryId,
      occurredOn: today,
      description: "Salary",
    }),
    expected: versionedWrite,
  },
  // An entry's exchange rate by hand: a versioned write (the entry is in the base currency, so nothing matches anyway).
  {
    name: "POST an entry's rate",
    method: "POST",
    path: (ids) => `/app/transactions/${ids.transactionId}`,
    form: (ids) => ({ intent: "rate", householdId: ids.householdId, rate: "0.1" }),
    expected: versionedWrite,
  },
  // Converting to another base currency: the owner alone. To the currency it already has, it changes nothing.
  {
    name: "POST change of base currency",
    method: "POST",
    path: () => "/app/settings/currency?to=EUR",
    form: (ids) => ({ householdId: ids.householdId, to: "EUR" }),
    expected: { ...ownerOnly, owner: 303 },
  },
  {
    name: "POST create goal",
    method: "POST",
    path: () => "/app/goals",
    form: (ids) => ({ intent: "create", householdId: ids.householdId, name: "Matrix goal", target: "500" }),
    expected: householdWrite,
  },
  {
    name: "POST contribute to goal",
    method: "POST",
    path: () => "/app/goals",
    form: (ids) => ({
      intent: "contribute",
      householdId: ids.householdId,
      goalId: ids.goalId,
      direction: "add",
      amount: "10",
    }),
    expected: householdWrite,
  },
  // Budgets: owner only.
  {
    name: "POST set a budget",
    method: "POST",
    path: () => `/app/budgets?month=${month}`,
    form: (ids) => ({
      intent: "set",
      householdId: ids.householdId,
      categoryId: groceriesId,
      month,
      amount: "400",
      scope: "repeat",
      rollover: "on",
    }),
    expected: householdWrite,
  },
  {
    name: "POST remove a budget",
    method: "POST",
    path: () => `/app/budgets?month=${month}`,
    form: (ids) => ({
      intent: "remove",
      householdId: ids.householdId,
      categoryId: groceriesId,
      month,
      scope: "repeat",
    }),
    expected: householdWrite,
  },
  // Settle up: the share method and "Mark as settled" are household writes; settling happens once (the editor first, then nothing is left for the owner).
  {
    name: "POST share method",
    method: "POST",
    path: () => `/app/settle-up?month=${month}`,
    form: (ids) => ({ intent: "method", householdId: ids.householdId, method: "equal" }),
    expected: householdWrite,
  },
  // Asking the others to settle up changes no money: every member may, the partner who only looks too (once a month each).
  {
    name: "POST ask to settle up",
    method: "POST",
    path: () => `/app/settle-up?month=${month}`,
    form: (ids) => ({ intent: "ask", householdId: ids.householdId, month }),
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 404 },
  },
  {
    name: "POST shared-expense alert amount",
    method: "POST",
    path: () => "/app/settle-up",
    form: (ids) => ({ intent: "alert", householdId: ids.householdId, sharedAlert: "500" }),
    expected: householdWrite,
  },
  {
    name: "POST which categories start shared",
    method: "POST",
    path: () => "/app/settle-up",
    form: (ids) => ({ intent: "categories", householdId: ids.householdId, categoryId: groceriesId, sharing: "shared" }),
    expected: householdWrite,
  },
  {
    name: "POST mark as settled",
    method: "POST",
    path: () => `/app/settle-up?month=${month}`,
    // Confirming an amount that is not what is owed: whoever may write passes authorisation and meets "the balance changed".
    form: (ids) => ({ intent: "settle", householdId: ids.householdId, month, confirmedMinor: "1" }),
    expected: { ...householdWrite, owner: 400, editor: 400 },
  },
  {
    name: "POST undo a settlement",
    method: "POST",
    path: () => `/app/settle-up?month=${month}`,
    // Nobody recorded this one: whoever may write is told it cannot be undone.
    form: (ids) => ({
      intent: "undo",
      householdId: ids.householdId,
      settlementId: "00000000-0000-4000-8000-00000000abcd",
    }),
    expected: { ...householdWrite, owner: 400, editor: 400 },
  },
  {
    name: "POST household settings",
    method: "POST",
    path: () => "/app/settings",
    form: (ids) => ({ intent: "household", householdId: ids.householdId, name: "Our home", currency: "EUR" }),
    expected: ownerOnly,
  },
  // Accounts: owner only.
  {
    name: "POST create account",
    method: "POST",
    path: () => "/app/accounts",
    form: (ids) => ({ intent: "create", householdId: ids.householdId, name: "Matrix cash", kind: "cash" }),
    expected: householdWrite,
  },
  {
    name: "POST update account",
    method: "POST",
    path: () => "/app/accounts",
    form: (ids) => ({
      intent: "update",
      householdId: ids.householdId,
      accountId: ids.savingsAccountId,
      name: "Rainy day",
      kind: "savings",
      iban: "NL02 ABNA 0123 4567 89",
      openingBalance: "100",
    }),
    expected: versionedWrite,
  },
  {
    name: "POST archive account",
    method: "POST",
    path: () => "/app/accounts",
    form: (ids) => ({ intent: "archive", householdId: ids.householdId, accountId: ids.savingsAccountId }),
    expected: householdWrite,
  },
  {
    name: "POST unarchive account",
    method: "POST",
    path: () => "/app/accounts",
    form: (ids) => ({ intent: "unarchive", householdId: ids.householdId, accountId: ids.savingsAccountId }),
    expected: householdWrite,
  },
  // Transfers between own accounts, on the account's page: owner only.
  {
    name: "POST move money",
    method: "POST",
    path: (ids) => `/app/accounts/${ids.accountId}`,
    form: (ids) => ({
      intent: "transfer",
      householdId: ids.householdId,
      toAccountId: ids.savingsAccountId,
      amount: "25",
      occurredOn: today,
      description: "matrix",
    }),
    expected: householdWrite,
  },
  {
    name: "POST delete a transfer",
    method: "POST",
    path: (ids) => `/app/accounts/${ids.accountId}`,
    form: (ids) => ({ intent: "deleteTransfer", householdId: ids.householdId, transferId: ids.transferId }),
    expected: doneByEditor(404),
  },
  {
    name: "POST restore a transfer",
    method: "POST",
    path: (ids) => `/app/accounts/${ids.accountId}`,
    // Undo names the transfer only: the editor puts back the copy their delete kept; the owner then finds it back.
    form: (ids) => ({ intent: "restoreTransfer", householdId: ids.householdId, transferId: ids.transferId }),
    expected: householdWrite,
  },
  // Statement import: upload (multipart; the owner is sent on to the preview), confirm, undo — owner only.
  {
    name: "POST upload a statement",
    method: "POST",
    path: () => "/app/import",
    multipart: (ids) => ({
      intent: "upload",
      householdId: ids.householdId,
      accountId: ids.accountId,
      statement: statement("Brood"),
    }),
    expected: { anonymous: 302, owner: 302, partner: 403, stranger: 404 },
  },
  {
    name: "POST confirm an import",
    method: "POST",
    path: () => "/app/import",
    form: (ids) => ({
      intent: "confirm",
      householdId: ids.householdId,
      draftId: ids.draftId,
      accountId: ids.accountId,
    }),
    // The uploader's alone: the partner who edits cannot confirm the owner's draft.
    expected: { ...householdWrite, editor: 404 },
  },
  {
    name: "POST undo an import",
    method: "POST",
    path: () => "/app/import",
    form: (ids) => ({ intent: "undo", householdId: ids.householdId, batchId: ids.batchId }),
    expected: householdWrite,
  },
  // Rules: owner only (the read-only partner sees the list); changing or deleting the rule without its version is a conflict.
  {
    name: "POST create a rule",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({ intent: "create", householdId: ids.householdId, ...ruleFields }),
    expected: householdWrite,
  },
  {
    name: "POST change a rule",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({
      intent: "update",
      householdId: ids.householdId,
      ruleId: ids.ruleId,
      ...ruleFields,
      conditionValue: "Bakker Bart",
    }),
    expected: versionedWrite,
  },
  {
    name: "POST move a rule",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({ intent: "moveDown", householdId: ids.householdId, ruleId: ids.ruleId }),
    expected: householdWrite,
  },
  {
    name: "POST learn a rule (Always put … in …?)",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({
      intent: "learn",
      js: "1",
      householdId: ids.householdId,
      counterparty: "Bakker",
      categoryId: groceriesId,
      kind: "expense",
    }),
    expected: householdWrite,
  },
  {
    name: "POST remember a payee's category (Always put … in …? for a payee)",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({
      intent: "learn",
      js: "1",
      householdId: ids.householdId,
      counterparty: "Bakkerij Jansen",
      categoryId: groceriesId,
      kind: "expense",
      payeeKey: "bakkerij jansen",
      payeeName: "Bakkerij Jansen",
    }),
    expected: householdWrite,
  },
  {
    name: "POST preview rules on existing entries",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({ intent: "preview", householdId: ids.householdId }),
    expected: householdWrite,
  },
  {
    name: "POST apply rules to existing entries",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({ intent: "apply", householdId: ids.householdId }),
    expected: householdWrite,
  },
  {
    name: "POST delete a rule",
    method: "POST",
    path: () => "/app/rules",
    form: (ids) => ({ intent: "delete", householdId: ids.householdId, ruleId: ids.ruleId }),
    expected: versionedWrite,
  },
  // Payees: a household write; a merge (and its undo) happens once, so the editor's comes first and the owner's finds it done.
  {
    name: "POST rename a payee",
    method: "POST",
    path: () => "/app/payees",
    form: (ids) => ({ intent: "rename", householdId: ids.householdId, payeeId: ids.payeeId, name: "Bakker Bart" }),
    expected: householdWrite,
  },
  {
    name: "POST set a payee's default categories",
    method: "POST",
    path: () => "/app/payees",
    form: (ids) => ({
      intent: "memory",
      householdId: ids.householdId,
      payeeId: ids.payeeId,
      expenseCategoryId: groceriesId,
      incomeCategoryId: "",
    }),
    expected: householdWrite,
  },
  {
    name: "POST merge a payee into another",
    method: "POST",
    path: () => "/app/payees",
    form: (ids) => ({ intent: "merge", householdId: ids.householdId, payeeId: ids.payeeId, intoId: ids.otherPayeeId }),
    expected: doneByEditor(404),
  },
  {
    name: "POST undo a payee merge",
    method: "POST",
    path: () => "/app/payees",
    form: (ids) => ({ intent: "undoMerge", householdId: ids.householdId, payeeId: ids.payeeId }),
    expected: doneByEditor(404),
  },
  // Bulk edit of search results: a household write that answers with the same search (302); the salary already is in
  // Salary, so nothing changes and the entry stays for the rows below. Undo of a bulk edit this member did not make is
  // not found.
  {
    name: "POST bulk set the category of search results",
    method: "POST",
    path: () => "/app/search",
    form: (ids) => ({
      intent: "setCategory",
      householdId: ids.householdId,
      q: "Salary",
      entryId: ids.transactionId,
      categoryId: salaryId,
    }),
    expected: { ...householdWrite, owner: 302 },
  },
  {
    name: "POST bulk edit all that match a search",
    method: "POST",
    path: () => "/app/search",
    form: (ids) => ({ intent: "makeShared", householdId: ids.householdId, q: "Salary", all: "1" }),
    expected: { ...householdWrite, owner: 302 },
  },
  {
    name: "POST undo a bulk edit",
    method: "POST",
    path: () => "/app/search",
    form: (ids) => ({
      intent: "undoBulk",
      householdId: ids.householdId,
      q: "Salary",
      bulkEditId: "00000000-0000-4000-8000-00000000b01c",
    }),
    expected: { ...householdWrite, owner: 404 },
  },
  // Recurring series and their due dates: owner only; changing or deleting the series without its version is a conflict.
  {
    name: "POST create a series",
    method: "POST",
    path: () => "/app/recurring",
    form: (ids) => ({ intent: "create", householdId: ids.householdId, ...rentSeries }),
    expected: householdWrite,
  },
  {
    name: "POST change a series",
    method: "POST",
    path: () => "/app/recurring",
    form: (ids) => ({
      intent: "update",
      householdId: ids.householdId,
      recurringId: ids.recurringId,
      ...rentSeries,
      amount: "975",
    }),
    expected: versionedWrite,
  },
  {
    name: "POST confirm a due date",
    method: "POST",
    path: () => "/app/recurring",
    form: (ids) => ({
      intent: "confirm",
      householdId: ids.householdId,
      recurringId: ids.recurringId,
      dueOn: `${month}-01`,
    }),
    expected: householdWrite,
  },
  {
    name: "POST skip a due date",
    method: "POST",
    path: () => "/app/recurring",
    form: (ids) => ({
      intent: "skip",
      householdId: ids.householdId,
      recurringId: ids.recurringId,
      dueOn: `${month}-01`,
    }),
    expected: householdWrite,
  },
  {
    name: "POST reopen a due date",
    method: "POST",
    path: () => "/app/recurring",
    form: (ids) => ({
      intent: "reopen",
      householdId: ids.householdId,
      recurringId: ids.recurringId,
      dueOn: `${month}-01`,
    }),
    expected: householdWrite,
  },
  {
    name: "POST delete a series",
    method: "POST",
    path: () => "/app/recurring",
    form: (ids) => ({ intent: "delete", householdId: ids.householdId, recurringId: ids.recurringId }),
    expected: versionedWrite,
  },
  // Per-person settings: everyone signed in changes only their own profile.
  {
    name: "POST profile",
    method: "POST",
    path: () => "/app/settings",
    form: () => ({ intent: "profile", name: "Someone", locale: "en" }),
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 200 },
  },
  {
    name: "POST mark notifications read",
    method: "POST",
    path: () => "/app/notifications",
    form: () => ({}),
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 200 },
  },
  // The switcher only switches to households one belongs to (else it just goes back).
  {
    name: "POST switch household",
    method: "POST",
    path: () => "/app/household",
    form: (ids) => ({ householdId: ids.householdId }),
    expected: { anonymous: 302, owner: 303, partner: 303, stranger: 303 },
  },

  // Premium: plan, categories, sharing — owner only.
  {
    name: "POST cancel subscription",
    method: "POST",
    path: () => "/app/upgrade",
    form: (ids) => ({ intent: "cancel", householdId: ids.householdId }),
    expected: ownerOnly,
  },
  {
    name: "POST resume subscription",
    method: "POST",
    path: () => "/app/upgrade",
    form: (ids) => ({ intent: "resume", householdId: ids.householdId }),
    expected: ownerOnly,
  },
  {
    name: "POST upgrade (already premium)",
    method: "POST",
    path: () => "/app/upgrade",
    form: (ids) => ({ intent: "upgrade", householdId: ids.householdId }),
    expected: { anonymous: 302, owner: 409, editor: 403, partner: 403, stranger: 404 },
  },
  {
    name: "POST create category",
    method: "POST",
    path: () => "/app/settings/categories",
    form: (ids) => ({
      intent: "create",
      householdId: ids.householdId,
      kind: "expense",
      name: "Matrix",
      color: "#2f7d5b",
      icon: "shapes",
    }),
    expected: doneByEditor(400),
  },
  {
    name: "POST rename category",
    method: "POST",
    path: () => "/app/settings/categories",
    form: (ids) => ({
      intent: "update",
      householdId: ids.householdId,
      categoryId: ids.categoryId,
      name: "Pets and vet",
      color: "#be3a6e",
      icon: "heart-pulse",
    }),
    expected: versionedWrite,
  },
  {
    name: "POST archive category",
    method: "POST",
    path: () => "/app/settings/categories",
    form: (ids) => ({ intent: "archive", householdId: ids.householdId, categoryId: ids.categoryId }),
    expected: householdWrite,
  },
  {
    name: "POST invite",
    method: "POST",
    path: () => "/app/settings/partners",
    form: (ids) => ({
      intent: "invite",
      householdId: ids.householdId,
      email: `matrix-${Date.now()}@samen.test`,
      language: "en",
    }),
    expected: ownerOnly,
  },
  {
    name: "POST new link for an invitation",
    method: "POST",
    path: () => "/app/settings/partners",
    form: (ids) => ({ intent: "link", householdId: ids.householdId, invitationId: ids.invitationId }),
    expected: ownerOnly,
  },
  {
    name: "POST revoke invitation",
    method: "POST",
    path: () => "/app/settings/partners",
    form: (ids) => ({ intent: "revoke", householdId: ids.householdId, invitationId: ids.invitationId }),
    expected: ownerOnly,
  },
  // The used invitation link: nobody can use it again; anonymous is sent to sign in first.
  {
    name: "POST accept a used invitation",
    method: "POST",
    path: (ids) => `/app/invitations/${ids.token}`,
    form: () => ({}),
    expected: { anonymous: 302, owner: 410, partner: 410, stranger: 410 },
  },
  // Account deletion is about one's own account; with a wrong password it refuses everyone.
  {
    name: "POST delete account (wrong password)",
    method: "POST",
    path: () => "/app/settings/data",
    form: () => ({ confirm: "yes", password: "not the password" }),
    expected: { anonymous: 302, owner: 403, partner: 403, stranger: 403 },
  },
  // Each member's own choice of how the others see their personal spending: about their own data, so a viewer may too.
  {
    name: "POST personal spending privacy",
    method: "POST",
    path: () => "/app/settings/partners",
    form: (ids) => ({ intent: "setPrivacy", householdId: ids.householdId, personalInDetail: "false" }),
    expected: { anonymous: 302, owner: 200, partner: 200, stranger: 404 },
  },
  // Leaving: the owner cannot leave their own household, the stranger is not in it, both partners may (and do).
  {
    name: "POST leave",
    method: "POST",
    path: () => "/app/settings/partners",
    form: (ids) => ({ intent: "leave", householdId: ids.householdId }),
    expected: { anonymous: 302, stranger: 404, editor: 302, owner: 409, partner: 302 },
  },
  // Removing the (former) partner: owner only; the partner left just before, so there is nobody to remove.
  {
    name: "POST remove partner",
    method: "POST",
    path: () => "/app/settings/partners",
    form: (ids) => ({ intent: "remove", householdId: ids.householdId, partnerUserId: ids.partnerUserId }),
    expected: { anonymous: 302, partner: 404, editor: 404, stranger: 404, owner: 404 },
  },
  // The entry is deleted last (the rows above use it); without its version the owner's delete is a conflict and nothing is deleted.
  {
    name: "POST delete entry",
    method: "POST",
    path: (ids) => `/app/transactions/${ids.transactionId}`,
    form: (ids) => ({ intent: "delete", householdId: ids.householdId }),
    expected: { anonymous: 302, partner: 404, editor: 404, stranger: 404, owner: 409 },
  },
  // Last, as it signs each person out: about one's own sessions only, so everyone signed in may, and lands on sign-in.
  {
    name: "POST sign out everywhere",
    method: "POST",
    path: () => "/app/settings/security",
    form: () => ({ intent: "sign-out-everywhere" }),
    expected: { anonymous: 302, owner: 303, partner: 303, stranger: 303 },
  },
];

async function post(context: APIRequestContext, path: string, form: Record<string, string>) {
  return context.post(path, { form, maxRedirects: 0 });
}

/** The owner's upload: the draft's id is in the preview address it redirects to. */
async function uploadStatement(
  context: APIRequestContext,
  fields: Record<string, string>,
  description: string,
): Promise<string> {
  const response = await context.post("/app/import", {
    multipart: { intent: "upload", ...fields, statement: statement(description) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return /\/app\/import\/([0-9a-f-]{36})$/.exec(response.headers().location ?? "")?.[1] as string;
}

test("authorisation matrix over every /app page, download and action", async ({ baseURL }) => {
  test.setTimeout(360_000);
  const contexts: Record<Persona, APIRequestContext> = {
    anonymous: await playwrightRequest.newContext({ baseURL }),
    owner: await playwrightRequest.newContext({ baseURL }),
    editor: await playwrightRequest.newContext({ baseURL }),
    partner: await playwrightRequest.newContext({ baseURL }),
    stranger: await playwrightRequest.newContext({ baseURL }),
  };
  const accounts: Partial<Record<Persona, TestAccount>> = {};
  for (const persona of ["owner", "editor", "partner", "stranger"] as const)
    accounts[persona] = await createVerifiedUser(contexts[persona], { name: `Matrix ${persona}` });

  // The owner's premium household with an entry, a goal and an own category.
  const { owner, editor, partner } = contexts;
  expect((await post(owner, "/app/upgrade", { intent: "upgrade" })).status()).toBe(200);
  expect(
    (
      await post(owner, "/app/transactions/new", {
        intent: "add",
        js: "1",
        kind: "income",
        amount: "2500",
        categoryId: salaryId,
        occurredOn: today,
        description: "Salary",
      })
    ).status(),
  ).toBe(200);
  expect((await post(owner, "/app/goals", { intent: "create", name: "Holiday", target: "1200" })).status()).toBe(200);
  expect(
    (
      await post(owner, "/app/settings/categories", {
        intent: "create",
        kind: "expense",
        name: "Pets",
        color: "#2f7d5b",
        icon: "shapes",
      })
    ).status(),
  ).toBe(200);

  // The partner joins through an invitation; a second invitation stays pending (for the revoke row).
  const partnerEmail = accounts.partner?.email as string;
  expect(
    (await post(owner, "/app/settings/partners", { intent: "invite", email: partnerEmail, language: "en" })).status(),
  ).toBe(200);
  const token = decodeURIComponent(
    new URL(await waitForMailLink(partnerEmail, "/app/invitations/")).pathname.split("/").at(-1) as string,
  );
  expect((await post(partner, `/app/invitations/${token}`, {})).status()).toBe(302);
  // The editing partner joins the same way, invited to edit.
  const editorEmail = accounts.editor?.email as string;
  expect(
    (
      await post(owner, "/app/settings/partners", {
        intent: "invite",
        email: editorEmail,
        language: "en",
        access: "edit",
      })
    ).status(),
  ).toBe(200);
  const editorToken = decodeURIComponent(
    new URL(await waitForMailLink(editorEmail, "/app/invitations/")).pathname.split("/").at(-1) as string,
  );
  expect((await post(editor, `/app/invitations/${editorToken}`, {})).status()).toBe(302);
  expect(
    (
      await post(owner, "/app/settings/partners", {
        intent: "invite",
        email: `pending-${Date.now()}@samen.test`,
        language: "de",
      })
    ).status(),
  ).toBe(200);

  const exported = (await (await owner.get("/app/settings/data/export.json")).json()) as {
    households: {
      id: string;
      transactions: { id: string }[];
      goals: { id: string }[];
      customCategories: { id: string }[];
      invitations: { email: string; status: string }[];
      members: { email: string }[];
    }[];
  };
  const home = exported.households[0];
  if (!home) throw new Error("no household");
  const partnerExport = (await (await partner.get("/app/settings/data/export.json")).json()) as {
    user: { id: string };
  };
  // The pending invitation's id is not in the export (it holds no secret); read it from the owner's settings page.
  const settingsHtml = await (await owner.get("/app/settings/partners")).text();
  const invitationId = /name="invitationId" value="([0-9a-f-]{36})"/.exec(settingsHtml)?.[1] as string;
  expect(invitationId).toBeTruthy();
  // An import waiting for confirmation, and one confirmed (for the undo row).
  const importHtml = await (await owner.get("/app/import")).text();
  const accountId = /name="accountId"[^>]*><option value="([0-9a-f-]{36})"/.exec(importHtml)?.[1] as string;
  expect(accountId).toBeTruthy();
  const confirmedDraft = await uploadStatement(owner, { accountId }, "Koffie");
  expect((await post(owner, "/app/import", { intent: "confirm", draftId: confirmedDraft, accountId })).status()).toBe(
    200,
  );
  const batchId = /name="batchId" value="([0-9a-f-]{36})"/.exec(
    await (await owner.get("/app/import")).text(),
  )?.[1] as string;
  expect(batchId).toBeTruthy();
  const draftId = await uploadStatement(owner, { accountId }, "Kaas");
  // A savings account beside the Everyday one; its id is in its forms on the Accounts page.
  expect((await post(owner, "/app/accounts", { intent: "create", name: "Savings", kind: "savings" })).status()).toBe(
    200,
  );
  const accountsHtml = await (await owner.get("/app/accounts")).text();
  const savingsAccountId = [...accountsHtml.matchAll(/name="accountId" value="([0-9a-f-]{36})"/g)]
    .map((match) => match[1])
    .find((id) => id !== accountId) as string;
  expect(savingsAccountId).toBeTruthy();
  // A transfer to it; its id is in its delete form on the account's page.
  expect(
    (
      await post(owner, `/app/accounts/${accountId}`, {
        intent: "transfer",
        toAccountId: savingsAccountId,
        amount: "10",
        occurredOn: today,
      })
    ).status(),
  ).toBe(200);
  const transferId = /name="transferId" value="([0-9a-f-]{36})"/.exec(
    await (await owner.get(`/app/accounts/${accountId}`)).text(),
  )?.[1] as string;
  expect(transferId).toBeTruthy();
  // A monthly series; its id is in its forms on the Recurring page.
  expect((await post(owner, "/app/recurring", { intent: "create", ...rentSeries })).status()).toBe(200);
  const recurringId = /name="recurringId" value="([0-9a-f-]{36})"/.exec(
    await (await owner.get("/app/recurring")).text(),
  )?.[1] as string;
  expect(recurringId).toBeTruthy();
  // A rule; its id is in its forms on the Rules page.
  expect((await post(owner, "/app/rules", { intent: "create", ...ruleFields })).status()).toBe(200);
  const ruleId = /name="ruleId" value="([0-9a-f-]{36})"/.exec(
    await (await owner.get("/app/rules")).text(),
  )?.[1] as string;
  expect(ruleId).toBeTruthy();

  // A second payee beside the import's (payee memory adds it), and both ids from the forms on the Payees page.
  expect(
    (
      await post(owner, "/app/rules", {
        intent: "learn",
        js: "1",
        counterparty: "Slagerij Vos",
        categoryId: groceriesId,
        kind: "expense",
        payeeKey: "slagerij vos",
        payeeName: "Slagerij Vos",
      })
    ).status(),
  ).toBe(200);
  const [payeeId, otherPayeeId] = [
    ...new Set(
      [...(await (await owner.get("/app/payees")).text()).matchAll(/name="payeeId" value="([0-9a-f-]{36})"/g)].map(
        (match) => match[1] as string,
      ),
    ),
  ];
  expect(payeeId && otherPayeeId).toBeTruthy();

  const ids: Ids = {
    householdId: home.id,
    transactionId: home.transactions[0]?.id as string,
    goalId: home.goals[0]?.id as string,
    categoryId: home.customCategories[0]?.id as string,
    invitationId,
    token,
    partnerUserId: partnerExport.user.id,
    userIds: {
      owner: await userIdOf(owner),
      editor: await userIdOf(contexts.editor),
      partner: partnerExport.user.id,
      stranger: await userIdOf(contexts.stranger),
    },
    accountId,
    savingsAccountId,
    draftId,
    batchId,
    transferId,
    recurringId,
    ruleId,
    payeeId: payeeId as string,
    otherPayeeId: otherPayeeId as string,
  };

  // A shared expense the owner paid, after the ids are read (it must not become the entry the rows change): something for the settle-up rows to settle.
  expect(
    (
      await post(owner, "/app/transactions/new", {
        intent: "add",
        js: "1",
        kind: "expense",
        amount: "90",
        categoryId: groceriesId,
        occurredOn: today,
        description: "Shared",
        shared: "1",
      })
    ).status(),
  ).toBe(200);

  const table: string[] = [];
  const mismatches: string[] = [];
  for (const row of rows) {
    const cells: string[] = [];
    // The owner goes last: refused requests change nothing, the owner's may (and so may the editor's, just before).
    for (const persona of ["anonymous", "partner", "stranger", "editor", "owner"] as const) {
      const context = contexts[persona];
      const response =
        row.method === "GET"
          ? await context.get(row.path(ids), { maxRedirects: 0 })
          : row.multipart
            ? await context.post(row.path(ids), { multipart: row.multipart(ids), maxRedirects: 0 })
            : await post(context, row.path(ids), row.form?.(ids, persona) ?? {});
      const status = response.status();
      cells.push(`${persona} ${status}`);
      const expected = persona === "editor" ? (row.expected.editor ?? row.expected.owner) : row.expected[persona];
      if (status !== expected) mismatches.push(`${row.name} as ${persona}: expected ${expected}, got ${status}`);
    }
    table.push(`${row.name.padEnd(40)} ${cells.join("  ")}`);
  }
  console.log(table.join("\n"));
  expect(mismatches).toEqual([]);

  // No 200 ever showed a stranger the owner's data (signed in again, in a new context: the last row signed everyone out).
  await contexts.stranger.dispose();
  contexts.stranger = await playwrightRequest.newContext({ baseURL });
  await signInOverApi(contexts.stranger, accounts.stranger as TestAccount);
  const strangerDashboard = await (
    await contexts.stranger.get("/app", { headers: { cookie: `samen_household=${ids.householdId}` } })
  ).text();
  expect(strangerDashboard).not.toContain("€2,500.00");
  for (const context of Object.values(contexts)) await context.dispose();
});
