import { sql } from "drizzle-orm";
import { check, timestamp } from "drizzle-orm/pg-core";

/** Column and check helpers the feature's table files share. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
export const kindCheck = (name: string, column: string) => check(name, sql.raw(`${column} in ('income','expense')`));
export const languageCheck = (column: string) => sql.raw(`${column} in ('en','nl','de','fr','es','pl','tr','ua')`);
