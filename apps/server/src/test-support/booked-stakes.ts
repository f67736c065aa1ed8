// Stakes for the duels tests that leave the chain out: a StakeVerifier that takes a stake as the
// payments module does (once per payment, for its wallet and tier) and books it as that module's
// bindStake leaves it, a verified stake payment row bound to the game. A paid game's row goes in
// only beside that row (adapters/db/duels-batch-writes.ts), so the stand-in writes it for real.
import { randomBytes, randomUUID } from 'node:crypto';
import { type Lamports, toLamports } from '@duel-dojo/rules';
import type { Database } from '../adapters/db/connect';
import { payments } from '../adapters/db/schema';
import { AppError } from '../errors';
import type { StakeVerifier } from '../modules/duels';
import { encodeBase58 } from '@duel-dojo/protocol';

export const BOOKED_STAKE = toLamports(33_333_333n);

interface Offered {
  readonly wallet: string;
  /** The tier paid for; any when absent. */
  readonly betAmount: string | null;
  sessionId: string | null;
}

export interface BookedStakes {
  readonly stakeVerifier: StakeVerifier;
  /** A verified payment of `wallet` for `betAmount` (any tier when null), not bound yet: its id. */
  pay(wallet: string, betAmount?: string | null): string;
  /** The game a payment was bound to, if any. */
  boundTo(paymentId: string): string | null;
}

/**
 * `database()` is read at each stake (the suites open theirs in beforeAll). `afterBind` runs
 * between the binding and the answer: what else may happen to the stake in that gap.
 */
export function bookedStakes(database: () => Database, options: { lamports?: Lamports; afterBind?: (paymentId: string) => Promise<void> } = {}): BookedStakes {
  const lamports = options.lamports ?? BOOKED_STAKE;
  const offered = new Map<string, Offered>();
  return {
    stakeVerifier: {
      async takeVerifiedStake({ paymentId, walletAddress, betAmount, sessionId }) {
        const payment = offered.get(paymentId);
        if (!payment || payment.wallet !== walletAddress || (payment.betAmount !== null && payment.betAmount !== betAmount)) throw new AppError('PAYMENT_INVALID');
        if (payment.sessionId !== null) throw new AppError('PAYMENT_ALREADY_USED');
        payment.sessionId = sessionId;
        const now = Date.now();
        await database()
          .db.insert(payments)
          .values({
            id: paymentId,
            kind: 'stake',
            wallet: walletAddress,
            expectedLamports: lamports,
            status: 'verified',
            reference: encodeBase58(randomBytes(32)),
            gameSessionId: sessionId,
            verifiedAt: new Date(now),
            expiresAt: new Date(now + 600_000),
          });
        await options.afterBind?.(paymentId);
        return { stakeLamports: lamports };
      },
    },
    pay(wallet, betAmount = null) {
      const paymentId = randomUUID();
      offered.set(paymentId, { wallet, betAmount, sessionId: null });
      return paymentId;
    },
    boundTo: (paymentId) => offered.get(paymentId)?.sessionId ?? null,
  };
}
