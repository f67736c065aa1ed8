// Games between cluster players, and what the nodes wrote about them. A pair meets by invite (the
// creator's waiting game, joined with its code): which players share a game is then certain, even
// with many games made at once, and the game lives on the creator's node.
import { setTimeout as sleep } from 'node:timers/promises';
import type { GameState, ServerEventPayload } from '@duel-dojo/protocol';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../adapters/db/connect';
import { games, userStats } from '../../adapters/db/schema';
import type { GamePlayer } from './cluster-player';

export interface JoinExtras {
  readonly betAmount?: string;
  /** A paid seat: the verified payment (cluster-money.ts payStake). */
  readonly paymentId?: string;
}

const joinFields = (player: GamePlayer, character: number, extras: JoinExtras) => ({
  selectedCharacter: character,
  betAmount: extras.betAmount ?? 'Free!',
  walletAddress: player.player.address,
  ...(extras.paymentId ? { verified: true, paymentId: extras.paymentId } : {}),
});

/** The creator opens a game, the joiner takes it by its invite code; answers the session id once both follow it. */
export async function pairUp(creator: GamePlayer, joiner: GamePlayer, character: number, extras: { creator?: JoinExtras; joiner?: JoinExtras } = {}): Promise<string> {
  const answer = creator.nextPicked<GameState | ServerEventPayload<'error'>>((name, payload) => {
    if (name === 'gameState') return payload as GameState;
    return name === 'error' && (payload as ServerEventPayload<'error'>).event === 'joinGame' ? (payload as ServerEventPayload<'error'>) : undefined;
  });
  creator.emit('joinGame', joinFields(creator, character, extras.creator ?? {}));
  const opened = await answer;
  if (!('sessionId' in opened)) throw new Error(`${creator.player.name}: joinGame refused: ${opened.code ?? ''} ${opened.message}`);
  if (opened.phase !== 'waiting' || !opened.inviteCode) throw new Error(`${creator.player.name} was matched at once with ${opened.player2Name ?? '?'}: another game was waiting`);
  creator.follow(opened.sessionId, 'player1');

  const invited = joiner.next('joinViaInviteResult');
  joiner.emit('joinViaInvite', { inviteCode: opened.inviteCode, ...joinFields(joiner, character, extras.joiner ?? {}) });
  const result = await invited;
  if (!result.success) throw new Error(`${joiner.player.name}: joinViaInvite refused: ${result.code ?? ''} ${result.message}`);
  joiner.follow(opened.sessionId, 'player2');
  return opened.sessionId;
}

export type GameRow = typeof games.$inferSelect;

export async function gameRow(database: Database, sessionId: string): Promise<GameRow | undefined> {
  return (await database.db.select().from(games).where(eq(games.sessionId, sessionId)))[0];
}

export async function gameRows(database: Database, sessionIds: readonly string[]): Promise<GameRow[]> {
  return sessionIds.length === 0 ? [] : database.db.select().from(games).where(inArray(games.sessionId, [...sessionIds]));
}

/** Each player's user_stats row (absent: never recorded). */
export async function statsOf(database: Database, userIds: readonly string[]): Promise<Map<string, typeof userStats.$inferSelect>> {
  const rows = userIds.length === 0 ? [] : await database.db.select().from(userStats).where(inArray(userStats.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Polls `read` until `done` holds (answers the last value), or throws with `what` after timeoutMs. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so within ${timeoutMs} ms (last: ${JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))})`);
    await sleep(200);
  }
}
