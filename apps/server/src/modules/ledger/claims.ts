// claimReward (docs/security.md 12-14, 17): only the winner of a finished paid game, once.
// The winner's address and the amount come from the database; the claim message only names
// the game. Repeated and concurrent claims share the one ledger row, so they all answer the
// same signature.
import { type Lamports, payoutLamports } from '@duel-dojo/rules';
import { AppError } from '../../errors';
import { PayoutPending, PayoutRefused } from './errors';
import type { Logger, PayOut } from './pay-out';
import type { GameMoney, LedgerStore } from './ports';

export interface ClaimAnswer {
  readonly amount: Lamports;
  readonly transactionSignature: string;
}

/** The winner's wallet: the games row names a wallet or a seat, or 'draw'. */
export function winnerWallet(game: Pick<GameMoney, 'winner' | 'player1Wallet' | 'player2Wallet'>): string | null {
  const { winner, player1Wallet, player2Wallet } = game;
  if (winner === null || winner === 'draw') return null;
  if (winner === 'player1') return player1Wallet;
  if (winner === 'player2') return player2Wallet;
  return winner === player1Wallet || winner === player2Wallet ? winner : null;
}

export const payoutKey = (gameId: string) => `payout:${gameId}`;

const noReward = () => new AppError('NO_REWARD');

export function createClaims(deps: { store: LedgerStore; payOut: PayOut; log: Logger }) {
  const { store, payOut, log } = deps;

  /** Both seats staked `stake` and the payments are on the books: the pot really exists. */
  async function potIsFunded(game: GameMoney): Promise<boolean> {
    const stakes = await store.gameStakes(game.sessionId);
    const seats = [game.player1Wallet, game.player2Wallet];
    return seats.every(
      (wallet) => wallet !== null && stakes.some((p) => p.wallet === wallet && p.status === 'verified' && p.expectedLamports === game.stakeLamports && p.receivedLamports !== null),
    );
  }

  return {
    async claimReward(request: { sessionId: string; wallet: string }): Promise<ClaimAnswer> {
      const game = await store.findGame(request.sessionId);
      if (!game) throw new AppError('NO_ACTIVE_GAME');
      if (!game.gameOver) throw new AppError('GAME_NOT_OVER');
      const winner = winnerWallet(game);
      if (game.stakeLamports === 0n || winner === null) throw noReward();
      if (winner !== request.wallet) throw new AppError('NOT_THE_WINNER');
      if (game.payoutState !== 'due' && game.payoutState !== 'paid') throw noReward();

      const amount = payoutLamports(game.stakeLamports, game.stakeLamports);
      if (game.payoutState === 'due' && !(await potIsFunded(game))) {
        // A game marked paid-for without both stakes on the books is a bug upstream: pay nothing.
        log.error({ sessionId: game.sessionId }, 'payout refused: the stakes of this game are not on the books');
        throw noReward();
      }
      try {
        const paid = await payOut.payOut({ idempotencyKey: payoutKey(game.id), kind: 'payout', wallet: winner, amount, gameId: game.id });
        if (paid.status === 'failed') throw new AppError('CLAIM_FAILED', { idempotencyKey: payoutKey(game.id) });
        return { amount: paid.amount, transactionSignature: paid.signature };
      } catch (error) {
        // Pending answers as it is (PAYOUT_PENDING: claiming again is safe); a transfer the money
        // state refuses is, to the winner, a game with no reward to claim.
        if (error instanceof PayoutPending) throw error;
        if (error instanceof PayoutRefused) throw noReward();
        throw error;
      }
    },
  };
}

export type Claims = ReturnType<typeof createClaims>;
