// The duels module's StakeVerifier (modules/duels/ports.ts): a verified stake payment is bound
// to the game it pays for, once. Only a payment of this wallet, verified on chain, for exactly
// the tier's amount at the configured price, and never bound before, counts; the player does
// not join on a payment that is pending or not found (SECURITY.md 7).
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
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
    async takeVerifiedStake(request: TakeStakeRequest): Promise<{ stakeLamports: bigint } | { error: string }> {
      const required = { error: ERROR_MESSAGES.PAYMENT_REQUIRED };
      const payment = await deps.store.findPayment(request.paymentId);
      if (!payment || payment.kind !== 'stake' || payment.wallet !== request.walletAddress) return required;
      if (payment.status !== 'verified' || payment.gameSessionId !== null) return required;
      let tierLamports: bigint;
      try {
        tierLamports = deps.requests.stakeLamports(request.betAmount);
      } catch {
        return { error: ERROR_MESSAGES.STAKE_NOT_AVAILABLE };
      }
      // Paid for another tier (or at another price): it does not buy this seat.
      if (payment.expectedLamports !== tierLamports) return required;
      const gameStake = await deps.store.gameStake(request.sessionId);
      // Both seats of a game stake the same: the payout is payoutLamports(stake, stake).
      if (gameStake !== null && gameStake !== payment.expectedLamports) return required;
      const bound = await deps.store.bindStake({ paymentId: payment.id, wallet: payment.wallet, sessionId: request.sessionId });
      return bound ? { stakeLamports: payment.expectedLamports } : required;
    },
  };
}
