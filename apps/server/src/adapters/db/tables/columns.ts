// Column helpers shared by the tables, so every table writes time and money the same way.
import { sql } from 'drizzle-orm';
import { type Lamports, toLamports } from '@duel-dojo/rules';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** A point in time with its zone; read back as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * When the row was written; the database's clock, so every node agrees. Indexes on it are
 * DESC NULLS FIRST, the order `orderBy(desc(column))` asks for, so the planner can use them.
 */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/**
 * A non-negative amount of lamports, read back as rules' branded `Lamports` (docs/money.md):
 * never a float, since balances exceed 2^53, and never a plain bigint, so a count or a signed
 * figure cannot be written where an amount is meant. A value the database hands back goes
 * through `toLamports`, so a negative or out-of-range amount fails loudly instead of spreading.
 */
export const lamports = customType<{ data: Lamports; driverData: string | bigint | number }>({
  dataType: () => 'bigint',
  fromDriver: (value) => toLamports(BigInt(value)),
});

/** A signed lamport figure (a profit can be a loss): a plain bigint, never a `Lamports`. */
export const signedLamports = (name: string) => bigint(name, { mode: 'bigint' });

/** Default 0 for a lamports column, written as SQL because drizzle-kit cannot serialize 0n. */
export const ZERO = sql`0`;
