// The duels module's StakeVerifier (modules/duels/ports.ts): a verified stake payment is bound
// to the game it pays for, once. Only a payment of this wallet, verified on chain, for exactly
// the tier's amount at the configured price, and never bound before, counts; the player does
// not join on a payment that is pending or not found (docs/security.md 7).
import { AppError } from '../../errors';
import type { Lamports } from '@duel-dojo/rules';
import type { PaymentsStore } from './ports';
import type { Requests } from './requests';

export interface TakeStakeRequest {
  readonly paymentId: string;
  readonly walletAddress: string;
  readonly betAmount: string;
  readonly sessionId: string;
}

export function createStakeTaker(deps: { store: PaymentsStore; requests: Pick<Requests, 'stakeLamports'> }) {
  return {
    /** The stake taken; throws the refusal (PAYMENT_REQUIRED, STAKE_NOT_AVAILABLE) otherwise. */
    async takeVerifiedStake(request: TakeStakeRequest): Promise<{ stakeLamports: Lamports }> {
      const required = () => new AppError('PAYMENT_REQUIRED', { paymentId: request.paymentId });
      const payment = await deps.store.findPayment(request.paymentId);
      if (!payment || payment.kind !== 'stake' || payment.wallet !== request.walletAddress) throw required();
      if (payment.status !== 'verified' || payment.gameSessionId !== null) throw required();
      let tierLamports: Lamports;
      try {
        tierLamports = deps.requests.stakeLamports(request.betAmount);
      } catch {
        throw new AppError('STAKE_NOT_AVAILABLE', { betAmount: request.betAmount });
      }
      // Paid for another tier (or at another price): it does not buy this seat.
      if (payment.expectedLamports !== tierLamports) throw required();
      const gameStake = await deps.store.gameStake(request.sessionId);
      // Both seats of a game stake the same: the payout is payoutLamports(stake, stake).
      if (gameStake !== null && gameStake !== payment.expectedLamports) throw required();
      const bound = await deps.store.bindStake({ paymentId: payment.id, wallet: payment.wallet, sessionId: request.sessionId });
      if (!bound) throw required();
      return { stakeLamports: payment.expectedLamports };
    },
  };
}
