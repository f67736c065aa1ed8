// The waiting game's and the finished game's requests on the shared socket: Play with Bot,
// Cancel (with the refund of a staked game) and Claim Reward. The protocol's texts on failure.
import { useCallback, useState } from 'react';
import { loadProtocol } from '../../net/protocol';
import { SocketRefusedError, emitAndWait } from '../../net/socket-request';
import { useRefreshBalance } from '../wallet/balance-cache';
import { type RequestState, IDLE_REQUEST } from './request-state';
import type { GameConnection } from './use-game-socket';

/** The server pays or refunds on chain before it answers: give it time. */
export const MONEY_ANSWER_TIMEOUT_MS = 60_000;
export const BOT_ANSWER_TIMEOUT_MS = 10_000;

export interface Claimed {
  readonly amount: bigint | null;
  readonly transactionSignature: string | null;
  readonly message: string;
}

export interface Cancelled {
  readonly transactionSignature: string | null;
  readonly message: string;
}

const refusal = (error: unknown): string | null => (error instanceof SocketRefusedError ? error.message : null);

export function useClaimInGame(connection: GameConnection | null, wallet: string | null) {
  const [state, setState] = useState<RequestState<Claimed>>(IDLE_REQUEST);
  const refreshBalance = useRefreshBalance();
  const claim = useCallback(
    async (sessionId: string) => {
      const protocol = await loadProtocol();
      if (!wallet || !connection) return setState({ status: 'error', message: protocol.ERROR_MESSAGES.WALLET_NOT_CONNECTED });
      setState({ status: 'pending' });
      try {
        const raw = await emitAndWait(connection.socket, 'claimReward', { sessionId, walletAddress: wallet }, 'claimRewardResult', MONEY_ANSWER_TIMEOUT_MS);
        const result = protocol.claimRewardResultEvent.safeParse(raw);
        if (!result.success || !result.data.success) {
          return setState({ status: 'error', message: (result.success && result.data.message) || protocol.ERROR_MESSAGES.CLAIM_FAILED });
        }
        const { amount, transactionSignature, message } = result.data;
        setState({ status: 'success', value: { amount: amount === null ? null : BigInt(amount), transactionSignature, message } });
        void refreshBalance();
      } catch (error) {
        setState({ status: 'error', message: refusal(error) ?? protocol.ERROR_MESSAGES.CLAIM_FAILED });
      }
    },
    [connection, wallet, refreshBalance],
  );
  return { state, claim, reset: useCallback(() => setState(IDLE_REQUEST), []) };
}

export function useCancelWaiting(connection: GameConnection | null, wallet: string | null) {
  const [state, setState] = useState<RequestState<Cancelled>>(IDLE_REQUEST);
  const refreshBalance = useRefreshBalance();
  const cancel = useCallback(
    async (sessionId: string, paid: boolean) => {
      const protocol = await loadProtocol();
      if (!connection || (paid && !wallet)) return setState({ status: 'error', message: protocol.ERROR_MESSAGES.WALLET_NOT_CONNECTED });
      setState({ status: 'pending' });
      // A guest's free game has no wallet to name: leaving the game (resetGame) cancels it.
      if (!wallet) {
        connection.socket.emit('resetGame');
        return setState({ status: 'success', value: { transactionSignature: null, message: 'Game cancelled' } });
      }
      try {
        const raw = await emitAndWait(connection.socket, 'cancelGame', { sessionId, walletAddress: wallet }, 'cancelGameResult', MONEY_ANSWER_TIMEOUT_MS);
        const result = protocol.cancelGameResultEvent.safeParse(raw);
        if (!result.success || !result.data.success) {
          return setState({ status: 'error', message: (result.success && result.data.message) || protocol.ERROR_MESSAGES.CANCEL_FAILED });
        }
        setState({ status: 'success', value: { transactionSignature: result.data.transactionSignature, message: result.data.message } });
        if (paid) void refreshBalance();
      } catch (error) {
        setState({ status: 'error', message: refusal(error) ?? protocol.ERROR_MESSAGES.CANCEL_FAILED });
      }
    },
    [connection, wallet, refreshBalance],
  );
  return { state, cancel, reset: useCallback(() => setState(IDLE_REQUEST), []) };
}

export function usePlayWithBot(connection: GameConnection | null) {
  const [state, setState] = useState<RequestState<true>>(IDLE_REQUEST);
  const playWithBot = useCallback(
    async (sessionId: string) => {
      const protocol = await loadProtocol();
      const failed = () => setState({ status: 'error', message: protocol.ERROR_MESSAGES.ADD_BOT_FAILED });
      if (!connection) return failed();
      setState({ status: 'pending' });
      try {
        const raw = await emitAndWait(connection.socket, 'playWithBot', { sessionId }, 'playWithBotResult', BOT_ANSWER_TIMEOUT_MS);
        const result = protocol.playWithBotResultEvent.safeParse(raw);
        if (result.success && result.data.success) setState({ status: 'success', value: true });
        else failed();
      } catch {
        failed();
      }
    },
    [connection],
  );
  return { state, playWithBot, reset: useCallback(() => setState(IDLE_REQUEST), []) };
}
