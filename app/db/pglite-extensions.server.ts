import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions every embedded database opens with: its migrations create them (pg_trgm and btree_gin for search
 * across all months, migrations 0018 and 0022), and a database whose indexes use one cannot be written without it loaded.
 */
export const pgliteExtensions = { btree_gin, pg_trgm };
