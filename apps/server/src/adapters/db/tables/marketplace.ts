// The character marketplace: who owns which character, and how many of each were sold
// (purchased against maxSupply).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { payments } from './payments';
import { users } from './users';

export const characterOwnership = pgTable(
  'character_ownership',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id').notNull(),
    acquiredAt: timestampTz('acquired_at').notNull().defaultNow(),
    /** The purchase that paid for it. */
    paymentId: uuid('payment_id').references(() => payments.id),
  },
  // A player owns a character once, however many times a purchase is retried.
  (t) => [primaryKey({ name: 'character_ownership_pkey', columns: [t.userId, t.characterId] })],
);

/** Sold count per marketplace character; a purchase increments it only while below maxSupply. */
export const marketplaceSupply = pgTable(
  'marketplace_supply',
  {
    characterId: integer('character_id').primaryKey(),
    purchased: integer('purchased').notNull().default(0),
  },
  (t) => [check('marketplace_supply_purchased_check', sql`${t.purchased} >= 0`)],
);
