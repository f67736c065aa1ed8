// Claim Reward from the battle history: a temporary socket to the
// API host, claimReward, then claimRewardResult; the socket is closed after the result.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { loadProtocol } from '../../net/protocol';
import { openSocket, whenConnected } from '../../net/socket';
import { emitAndWait } from '../../net/socket-request';
import { useRefreshBalance } from '../wallet/balance-cache';

/** The server pays out on chain before it answers; give it time. */
export const CLAIM_TIMEOUT_MS = 60_000;

export interface ClaimOutcome {
  readonly title: 'Success!' | 'Error';
  readonly message: string;
  readonly transactionSignature: string | null;
}

export function useClaimReward(walletAddress: string | null, token: string | null) {
  const [pendingSessionId, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();

  const claim = useCallback(
    async (sessionId: string) => {
      const protocol = await loadProtocol();
      const error = (message: string) => setOutcome({ title: 'Error', message, transactionSignature: null });
      if (!walletAddress) return error(protocol.ERROR_MESSAGES.WALLET_NOT_CONNECTED);
      setPending(sessionId);
      let socket: Awaited<ReturnType<typeof openSocket>> | null = null;
      try {
        try {
          socket = await whenConnected(await openSocket(token));
        } catch {
          return error(protocol.ERROR_MESSAGES.CLAIM_CONNECTION_ERROR);
        }
        const raw = await emitAndWait(socket, 'claimReward', { sessionId, walletAddress }, 'claimRewardResult', CLAIM_TIMEOUT_MS);
        const result = protocol.claimRewardResultEvent.safeParse(raw);
        if (!result.success) return error(protocol.ERROR_MESSAGES.CLAIM_ERROR);
        if (!result.data.success) return error(result.data.message || protocol.ERROR_MESSAGES.CLAIM_FAILED);
        setOutcome({ title: 'Success!', message: result.data.message, transactionSignature: result.data.transactionSignature });
        void refreshBalance();
      } catch {
        error(protocol.ERROR_MESSAGES.CLAIM_ERROR);
      } finally {
        socket?.disconnect();
        setPending(null);
      }
    },
    [walletAddress, token, refreshBalance],
  );

  /** The modal's Continue: close it and reload the list (after a successful claim). */
  const dismiss = useCallback(() => {
    const succeeded = outcome?.title === 'Success!';
    setOutcome(null);
    if (succeeded) void queryClient.invalidateQueries({ queryKey: ['games'] });
  }, [outcome, queryClient]);

  return { claim, pendingSessionId, outcome, dismiss };
}
