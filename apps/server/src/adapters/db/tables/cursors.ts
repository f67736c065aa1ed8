// Where a watcher of the chain has read up to: the newest signature of an address's history
// that is fully accounted for. Re-reading past it is harmless (every booking is idempotent by
// signature), so a cursor that falls behind costs time, never money.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

export const chainCursors = pgTable('chain_cursors', {
  /** What is watched, e.g. "treasury:<address>". */
  name: text('name').primaryKey(),
  signature: text('signature').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
