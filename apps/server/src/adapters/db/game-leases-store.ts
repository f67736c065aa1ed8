// Leases of live games (modules/duels/recovery.ts, docs/durable-games.md) on the games table. Time
// is the database's clock (`now()`), so nodes with skewed clocks agree on when a lease lapsed.
// Takeovers lock the rows they take with SKIP LOCKED: two nodes looking at once split the games
// instead of waiting on each other, and each game gets exactly one new epoch.
import { type SQL, and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { GameLeasesStore, ResumableGame, SettledGame } from '../../modules/duels';
import type { Db, Tx } from './connect';
import { games, payments } from './schema';

const refundIfPaid = sql`case when ${games.stakeLamports} > 0 then 'refund_due' else ${games.payoutState} end`;
const open = and(eq(games.gameOver, false), isNull(games.endedAt));
const ago = (ms: number): SQL => sql`now() - ${ms} * interval '1 millisecond'`;
const fromNow = (ms: number): SQL => sql`now() + ${ms} * interval '1 millisecond'`;

/** A started game is drawn, a waiting one closed; a paid one's stakes go back (refund_due). */
async function settle(db: Db | Tx, where: SQL | undefined, endedAt: Date): Promise<{ started: number; waiting: number; settled: SettledGame[] }> {
  const settledRow = { sessionId: games.sessionId, liveState: games.liveState };
  // The live state is read as it was (the update clears it): its seats say whose claims to free.
  const before = await db.select(settledRow).from(games).where(and(open, where)).for('update');
  const started = await db
    .update(games)
    .set({ gameOver: true, winner: 'draw', endReason: 'abandoned', endedAt, payoutState: refundIfPaid, ownerNode: null, liveState: null })
    .where(and(open, where, isNotNull(games.player2Character)))
    .returning({ sessionId: games.sessionId });
  const waiting = await db
    .update(games)
    .set({ endedAt, payoutState: refundIfPaid, ownerNode: null, liveState: null })
    .where(and(open, where, isNull(games.player2Character)))
    .returning({ sessionId: games.sessionId });
  const ended = new Set([...started, ...waiting].map((row) => row.sessionId));
  return { started: started.length, waiting: waiting.length, settled: before.filter((row) => ended.has(row.sessionId)) };
}

export function createGameLeasesStore(db: Db): GameLeasesStore {
  return {
    async renew(node, leaseMs) {
      // Locked in id order, as the batched round writes lock them (duels-batch-writes.ts): no deadlock.
      const mine = db.select({ id: games.id }).from(games).where(and(open, eq(games.ownerNode, node))).orderBy(games.id).for('update');
      const held = await db
        .update(games)
        .set({ leaseExpiresAt: fromNow(leaseMs) })
        .where(and(open, eq(games.ownerNode, node), sql`${games.id} in ${mine}`))
        .returning({ sessionId: games.sessionId, epoch: games.leaseEpoch });
      return new Map(held.map((row) => [row.sessionId, row.epoch]));
    },

    async release(node) {
      await db.update(games).set({ leaseExpiresAt: sql`now()` }).where(and(open, eq(games.ownerNode, node)));
    },

    async takeOver(node, { leaseMs, abandonAfterMs, limit, anyLease }) {
      const lapsed = anyLease ? undefined : sql`${games.leaseExpiresAt} < now()`;
      const candidates = db
        .select({ id: games.id })
        .from(games)
        .where(and(open, lapsed, sql`${games.leaseExpiresAt} >= ${ago(abandonAfterMs)}`))
        .orderBy(games.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      const taken = await db
        .update(games)
        .set({ ownerNode: node, leaseEpoch: sql`${games.leaseEpoch} + 1`, leaseExpiresAt: fromNow(leaseMs) })
        .where(sql`${games.id} in ${candidates}`)
        .returning({ sessionId: games.sessionId, serverSeed: games.serverSeed, rounds: games.rounds, liveState: games.liveState, epoch: games.leaseEpoch });
      return taken.map((row): ResumableGame => ({ sessionId: row.sessionId, serverSeed: row.serverSeed, rounds: row.rounds, liveState: row.liveState, fence: { node, epoch: row.epoch } }));
    },

    async settleAbandoned(endedAt, { abandonAfterMs, strandedAfterMs }) {
      return db.transaction(async (tx) => {
        const lapsed = sql`(${games.leaseExpiresAt} is null or ${games.leaseExpiresAt} < ${ago(abandonAfterMs)})`;
        const { started, waiting, settled } = await settle(tx, lapsed, endedAt);
        // A stake is bound to its game just before the game's row is written: a node that died in
        // between left a verified stake bound to a game that never existed. It goes back (the
        // ledger's sweep refunds refund_due payments), not after the unused-stake grace. The
        // payment rows are locked first and "no game" asked after, in a statement of its own: a
        // game being written holds its stake's row until its own row is in (duels-batch-writes.ts),
        // so once the lock is ours that game's row shows, and a stake whose game exists stays.
        const stake = and(eq(payments.kind, 'stake'), eq(payments.status, 'verified'), isNotNull(payments.gameSessionId));
        const noGame = sql`not exists (select 1 from games g where g.session_id = ${payments.gameSessionId})`;
        const candidates = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(stake, sql`coalesce(${payments.verifiedAt}, ${payments.createdAt}) <= ${ago(strandedAfterMs)}`, noGame))
          .orderBy(payments.id)
          .for('update');
        const stranded =
          candidates.length === 0
            ? []
            : await tx
                .update(payments)
                .set({ status: 'refund_due' })
                .where(and(inArray(payments.id, candidates.map((row) => row.id)), stake, noGame))
                .returning({ id: payments.id });
        return { started, waiting, strandedStakes: stranded.length, settled };
      });
    },

    async countActive() {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(games).where(and(open, isNotNull(games.player2Character)));
      return row?.count ?? 0;
    },

    async ownerOf(sessionId) {
      const [row] = await db
        .select({ ownerNode: games.ownerNode, live: sql<boolean>`coalesce(${games.leaseExpiresAt} > now(), false)` })
        .from(games)
        .where(and(open, eq(games.sessionId, sessionId)))
        .limit(1);
      return row?.ownerNode ? { node: row.ownerNode, live: row.live } : null;
    },

    async gameOfRejoinKey(rejoinKey) {
      // Rare (a guest's new connection), so a scan of the live games is fine.
      const seatKey = (slot: string) => sql`${games.liveState} -> 'seats' -> ${slot} ->> 'rejoinKey'`;
      const [row] = await db
        .select({ sessionId: games.sessionId })
        .from(games)
        .where(and(open, sql`(${seatKey('player1')} = ${rejoinKey} or ${seatKey('player2')} = ${rejoinKey})`))
        .limit(1);
      return row?.sessionId ?? null;
    },

    async abandon(sessionId, fence, endedAt) {
      const held = and(eq(games.sessionId, sessionId), eq(games.ownerNode, fence.node), eq(games.leaseEpoch, fence.epoch));
      const { started, waiting } = await settle(db, held, endedAt);
      return started + waiting === 1;
    },
  };
}
