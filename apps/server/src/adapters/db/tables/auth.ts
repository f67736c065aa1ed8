// Sign-in nonces and sessions (docs/security.md 18-21): a nonce is single-use, and a token is only
// as good as its session row, so logout and revocation take effect at once.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';
import { users } from './users';

export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    nonce: text('nonce').primaryKey(),
    walletAddress: text('wallet_address').notNull(),
    /** The message exactly as issued: signatures are verified against these bytes, never the client's copy. */
    message: text('message').notNull(),
    issuedAt: timestampTz('issued_at').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    /** Set once, by a conditional update, when a sign-in uses the nonce. */
    consumedAt: timestampTz('consumed_at'),
  },
  (t) => [index('sign_in_nonces_expires_at_idx').on(t.expiresAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The JWT's jti. */
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
