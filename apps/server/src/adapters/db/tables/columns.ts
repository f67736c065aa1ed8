// Column helpers shared by the tables, so every table writes time and money the same way.
import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** A point in time with its zone; read back as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * When the row was written; the database's clock, so every node agrees. Indexes on it are
 * DESC NULLS FIRST, the order `orderBy(desc(column))` asks for, so the planner can use them.
 */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/**
 * Integer lamports as a JavaScript bigint (DESIGN.md "Money rules"): never a float, and
 * mainnet balances exceed 2^53.
 */
export const lamports = (name: string) => bigint(name, { mode: 'bigint' });

/** Default 0 for a lamports column, written as SQL because drizzle-kit cannot serialize 0n. */
export const ZERO = sql`0`;
