// Refunds (docs/money.md; docs/security.md 8, 13, 17): a cancelled waiting game and a draw
// give each seat its stake back; a payment that came in but belongs to nothing (late, sold out,
// bound to a game that went to others, never used) goes back to its payer. Each is one ledger
// transfer keyed 'refund:<paymentId>', to the wallet that paid it, read from the database.
//
// Draws are refunded by the sweep: the duels module marks the game payout_state 'refund_due'
// when it ends and the sweep (run at start and every few seconds, see index.ts) pays them, so a
// crash between game over and refund loses nothing. A cancel is refunded at once (the duels
// module calls refundCancelledGame and shows the signature), with the sweep as the safety net.
import { PayoutPending, PayoutRefused } from './errors';
import type { Logger, PayOut, PayOutResult } from './pay-out';
import type { LedgerStore, StakePayment } from './ports';

export const refundKey = (paymentId: string) => `refund:${paymentId}`;

export interface RefundsDeps {
  readonly store: LedgerStore;
  readonly payOut: PayOut;
  readonly log: Logger;
  readonly now: () => Date;
  /** A verified stake still unused this long after its request expired is given back. */
  readonly unusedStakeGraceMs: number;
}

const REFUNDABLE = new Set(['verified', 'refund_due', 'refunded']);
const SWEEP_BATCH = 50;

export function createRefunds(deps: RefundsDeps) {
  const { store, payOut, log } = deps;

  function refund(payment: StakePayment, gameId: string | null): Promise<PayOutResult> {
    if (payment.receivedLamports === null) throw new PayoutRefused('the payment was never credited');
    return payOut.payOut({ idempotencyKey: refundKey(payment.id), kind: 'refund', wallet: payment.payer ?? payment.wallet, amount: payment.receivedLamports, gameId, paymentId: payment.id });
  }

  /**
   * A stake in play: bound to a game that exists, whose seat its wallet holds, and which is not
   * itself being refunded. No clean-up marks such a stake (a game's row goes in only beside its
   * verified stake, adapters/db/duels-batch-writes.ts); should one ever be found, giving it back
   * would pay it twice once the game pays out, so it waits for an operator instead.
   */
  async function holdsSeat(payment: StakePayment): Promise<boolean> {
    if (payment.gameSessionId === null) return false;
    const game = await store.findGame(payment.gameSessionId);
    if (!game || (game.payoutState === 'refund_due' || game.payoutState === 'refunded')) return false;
    if (game.player1Wallet !== payment.wallet && game.player2Wallet !== payment.wallet) return false;
    log.error({ paymentId: payment.id, sessionId: game.sessionId }, 'a stake in play was marked for refund; left for an operator');
    return true;
  }

  /** Each seat's stake of a game marked refund_due; answers one result per stake. */
  async function refundGame(sessionId: string): Promise<Map<string, PayOutResult>> {
    const game = await store.findGame(sessionId);
    if (!game || (game.payoutState !== 'refund_due' && game.payoutState !== 'refunded')) throw new PayoutRefused('the game has no refund due');
    const seats = [game.player1Wallet, game.player2Wallet];
    const stakes = (await store.gameStakes(sessionId)).filter((p) => seats.includes(p.wallet) && REFUNDABLE.has(p.status));
    if (!stakes.some((p) => p.status !== 'refunded')) {
      // Nothing (left) to give back: close it, so the sweep does not pick it up forever.
      if (stakes.length === 0) log.error({ sessionId }, 'a game marked refund_due has no stake on the books');
      await store.closeRefundedGame(game.id);
    }
    const results = new Map<string, PayOutResult>();
    // One at a time: a failure of the first (pending) is reported without hiding the second.
    let firstError: unknown = null;
    for (const stake of stakes) {
      try {
        results.set(stake.wallet, await refund(stake, game.id));
      } catch (error) {
        firstError ??= error;
      }
    }
    if (firstError) throw firstError;
    return results;
  }

  let sweeping: Promise<{ refunded: number; pending: number }> | null = null;

  async function sweepOnce(): Promise<{ refunded: number; pending: number }> {
    let refunded = 0;
    let pending = 0;
    const tally = async (work: () => Promise<unknown>, context: object) => {
      try {
        await work();
        refunded += 1;
      } catch (error) {
        pending += 1;
        if (!(error instanceof PayoutPending)) log.error({ ...context, err: String(error) }, 'refund failed');
      }
    };
    for (const sessionId of await store.gamesToRefund(SWEEP_BATCH)) await tally(() => refundGame(sessionId), { sessionId });
    const before = new Date(deps.now().getTime() - deps.unusedStakeGraceMs);
    for (const payment of await store.paymentsToRefund(before, SWEEP_BATCH)) {
      if (payment.status === 'verified' && !(await store.markStakeRefundDue(payment.id, before))) continue;
      if (await holdsSeat(payment)) continue;
      await tally(() => refund(payment, null), { paymentId: payment.id });
    }
    return { refunded, pending };
  }

  return {
    refundGame,
    /** A payment already marked refund_due (late, sold out…): back to its payer. */
    refundPayment: (payment: StakePayment) => refund(payment, null),
    /** Every refund that is due; overlapping calls share one run. */
    sweep(): Promise<{ refunded: number; pending: number }> {
      sweeping ??= sweepOnce().finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
