/** The Budgets page of a month. Budget forms post there too, so a plain (JavaScript-free) post comes back to that month. */
export const budgetsPath = (month: string) => `/app/budgets?month=${month}`;
