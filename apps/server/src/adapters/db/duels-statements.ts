// The per-game statements of duels-store.ts, built and prepared once per store: drizzle builds a
// query's SQL anew on every call, which a node with a thousand games pays for on every round
// (bench/README.md "Where the game server's extra time goes"). Values go in as placeholders; the
// statement names carry the lease length, the one thing baked into their text, so two stores on
// one pool with different settings never clash.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './connect';
import { games } from './schema';

const p = <T = unknown>(name: string) => sql.placeholder(name) as unknown as T;

/** The game's row, only while its lease is still this fence's (modules/duels/live-state.ts). */
const heldBy = and(eq(games.sessionId, p('sessionId')), eq(games.ownerNode, p('node')), eq(games.leaseEpoch, p('epoch')));
const stillOpen = and(eq(games.gameOver, false), isNull(games.endedAt));

export function prepareDuelsStatements(db: Db, leaseMs: number) {
  const tag = `dd_duels_${leaseMs}`;
  return {
    startGame: db
      .update(games)
      .set({
        player2Id: p('player2Id'),
        player2Wallet: p('player2Wallet'),
        player2Name: p('player2Name'),
        player2Character: p('player2Character'),
        isBot: p('isBot'),
        liveState: p('liveState'),
      })
      .where(and(heldBy, stillOpen, isNull(games.player2Character)))
      .returning({ id: games.id })
      .prepare(`${tag}_start`),

    saveRound: db
      .update(games)
      .set({ currentRound: p('currentRound'), rounds: p('rounds'), liveState: p('liveState') })
      .where(and(heldBy, stillOpen))
      .returning({ id: games.id })
      .prepare(`${tag}_round`),

    /** The result alone: a game with no registered player's stats to change needs no transaction. */
    finishGame: db
      .update(games)
      .set({
        winner: p('winner'),
        endReason: p('endReason'),
        gameOver: true,
        currentRound: p('currentRound'),
        rounds: p('rounds'),
        serverSeed: p('serverSeed'),
        clientSeeds: p('clientSeeds'),
        endedAt: p('endedAt'),
        payoutState: p('payoutState'),
        // Not resumable any more; it held guests' rejoin keys, which the record never keeps.
        ownerNode: null,
        liveState: null,
      })
      .where(and(heldBy, eq(games.gameOver, false)))
      .returning({ id: games.id })
      .prepare(`${tag}_finish`),
  };
}

export type DuelsStatements = ReturnType<typeof prepareDuelsStatements>;
