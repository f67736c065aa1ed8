// Settling the games an earlier process left unfinished (modules/duels/recovery.ts), in one
// transaction: conditional updates that only touch rows still open.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InterruptedGamesStore } from '../../modules/duels';
import type { Db } from './connect';
import { games, payments } from './schema';

const refundIfPaid = sql`case when ${games.stakeLamports} > 0 then 'refund_due' else ${games.payoutState} end`;

export function createInterruptedGamesStore(db: Db): InterruptedGamesStore {
  return {
    async settleInterrupted(now) {
      return db.transaction(async (tx) => {
        const open = and(eq(games.gameOver, false), isNull(games.endedAt));
        const started = await tx
          .update(games)
          .set({ gameOver: true, winner: 'draw', endedAt: now, payoutState: refundIfPaid })
          .where(and(open, isNotNull(games.player2Character)))
          .returning({ id: games.id });
        const waiting = await tx
          .update(games)
          .set({ endedAt: now, payoutState: refundIfPaid })
          .where(and(open, isNull(games.player2Character)))
          .returning({ id: games.id });
        // A stake is bound to its game just before the game's row is written: a process that died
        // in between left a verified stake bound to a game that never existed. It goes back now
        // (the ledger's sweep refunds refund_due payments), not after the unused-stake grace.
        const stranded = await tx
          .update(payments)
          .set({ status: 'refund_due' })
          .where(
            and(
              eq(payments.kind, 'stake'),
              eq(payments.status, 'verified'),
              isNotNull(payments.gameSessionId),
              sql`not exists (select 1 from games g where g.session_id = ${payments.gameSessionId})`,
            ),
          )
          .returning({ id: payments.id });
        return { started: started.length, waiting: waiting.length, strandedStakes: stranded.length };
      });
    },
  };
}
