// Game rows for the tests that write one two ways (store call by call, batched, built by hand):
// the first write, and the stored row as those ways must agree on it.
import { ZERO_LAMPORTS } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import type { LiveState, NewGameRow } from '../modules/duels';
import type { Database } from '../adapters/db/connect';
import { games } from '../adapters/db/schema';

/** Everything but what each write picks for itself (row id, session id, creation time, lease). */
export async function gameRowWithoutIds(database: Database, sessionId: string) {
  const [found] = await database.db.select().from(games).where(eq(games.sessionId, sessionId));
  if (!found) throw new Error(`no row ${sessionId}`);
  // recordWire is computed from the other columns, the session and creation time included.
  const { id: _id, sessionId: _session, createdAt: _created, leaseExpiresAt: _lease, recordWire: _wire, ...rest } = found;
  return rest;
}

/** A free game's first write: player 1 seated (character 4, no account), nobody yet as player 2. */
export const newGameRow = (sessionId: string, liveState: LiveState): NewGameRow => ({
  sessionId,
  player1Id: null,
  player1Wallet: null,
  player1Name: null,
  player1Character: 4,
  betAmount: 'Free!',
  stakeLamports: ZERO_LAMPORTS,
  fairnessCommitment: 'c'.repeat(64),
  serverSeed: 'ab'.repeat(32),
  liveState,
});
