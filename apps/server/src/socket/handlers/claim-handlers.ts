// claimReward {sessionId, walletAddress} -> claimRewardResult (docs/security.md 12-17). The
// payload's wallet must be the socket's; who is paid, and how much, the ledger reads from the
// database. A claim still in flight answers PAYOUT_PENDING: claiming again is safe.
import { ERROR_MESSAGES, type ErrorCode } from '@duel-dojo/protocol';
import { formatBalance } from '@duel-dojo/rules';
import type { GameSocket } from '../game-socket';
import { refusalOf } from '../refusals';
import type { MoneyDeps } from './money-respond';
import { type HandlerDeps, handle, walletMatches } from './respond';

export function claimHandlers(socket: GameSocket, deps: HandlerDeps, money: MoneyDeps): void {
  handle(socket, deps, 'claimReward', async ({ sessionId, walletAddress }, identity) => {
    const failed = (message: string, code: ErrorCode): void => void socket.emit('claimRewardResult', { success: false, sessionId, amount: null, transactionSignature: null, message, code });
    if (!identity.wallet) return failed(ERROR_MESSAGES.WALLET_NOT_CONNECTED, 'WALLET_NOT_CONNECTED');
    if (!walletMatches(identity, walletAddress)) return failed(ERROR_MESSAGES.WALLET_MISMATCH, 'WALLET_MISMATCH');
    try {
      // The ledger pays from the game's record: a claim right after the game over waits for this
      // node's write of it (docs/game-events.md), never for another node's.
      await deps.duels.recorded(sessionId);
      const paid = await money.ledger.claimReward({ sessionId, wallet: identity.wallet });
      socket.emit('claimRewardResult', {
        success: true,
        sessionId,
        amount: paid.amount.toString(),
        transactionSignature: paid.transactionSignature,
        message: `Reward claimed: ${formatBalance(paid.amount)} SOL sent to your wallet`,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      failed(refusal.message, refusal.code);
    }
  });
}
