// Joining a duel (spec §4 "Game flow"): a free game at once; a paid one after its stake is paid
// and verified; an invite with joinViaInvite, paying first when the invite's game is staked.
// A refusal is "Failed to join game: {message}" (spec §8).
import { type StakeLabel, findStakeTier } from '@duel-dojo/rules';
import { useCallback, useRef, useState } from 'react';
import { loadProtocol } from '../../net/protocol';
import { SocketRefusedError, SocketTimeoutError, emitAndWait } from '../../net/socket-request';
import type { VerifiedPayment } from './payment-flow';
import type { Duel } from './use-duel';
import type { GameSocketValue } from './use-game-socket';
import type { StakePayment } from './use-stake-payment';

export const JOIN_TIMEOUT_MS = 10_000;

export interface JoinRequest {
  readonly betAmount: StakeLabel;
  readonly characterId: number;
  /** Join this invite's game (joinViaInvite) instead of matchmaking. */
  readonly inviteCode?: string | null;
}

export type JoinState = { readonly phase: 'idle' | 'joining' } | { readonly phase: 'failed'; readonly message: string };

export const isPaidStake = (betAmount: StakeLabel): boolean => (findStakeTier(betAmount)?.usd ?? 0) > 0;

export interface Join {
  readonly state: JoinState;
  join(request: JoinRequest): Promise<void>;
  /** Retry from the verification-failed popup; joins when the payment is verified. */
  retryPayment(): Promise<void>;
  /** Cancel from the verification-failed popup, or OK on a failure alert. */
  dismiss(): void;
}

export function useJoin(game: GameSocketValue, duel: Pick<Duel, 'expectGame'>, payment: StakePayment, wallet: string | null): Join {
  const [state, setState] = useState<JoinState>({ phase: 'idle' });
  const pending = useRef<JoinRequest | null>(null);
  const { connection } = game;

  const send = useCallback(
    async (request: JoinRequest, paid: VerifiedPayment | null): Promise<void> => {
      const protocol = await loadProtocol();
      const fail = (message: string) => {
        duel.expectGame(false);
        setState({ phase: 'failed', message: protocol.errorMessage('JOIN_GAME_FAILED', { message }) });
      };
      if (!connection) return setState({ phase: 'failed', message: protocol.ERROR_MESSAGES.CONNECTION_NOT_READY });
      const { socket } = connection;
      const payload = {
        selectedCharacter: request.characterId,
        walletAddress: wallet,
        verified: paid !== null,
        paymentId: paid?.paymentId ?? null,
        signature: paid?.signature ?? null,
      };
      setState({ phase: 'joining' });
      duel.expectGame(true);
      try {
        if (!request.inviteCode) {
          await emitAndWait(socket, 'joinGame', { ...payload, betAmount: request.betAmount }, 'gameState', JOIN_TIMEOUT_MS);
          pending.current = null;
          return setState({ phase: 'idle' });
        }
        const raw = await emitAndWait(socket, 'joinViaInvite', { ...payload, inviteCode: request.inviteCode }, 'joinViaInviteResult', JOIN_TIMEOUT_MS);
        const answer = protocol.joinViaInviteResultEvent.safeParse(raw);
        if (!answer.success) return fail('unexpected answer from the server');
        if (answer.data.success) {
          pending.current = null;
          return setState({ phase: 'idle' });
        }
        if (answer.data.requiresPayment && paid === null && answer.data.betAmount) {
          duel.expectGame(false);
          setState({ phase: 'idle' });
          const next = { ...request, betAmount: answer.data.betAmount };
          pending.current = next;
          const verified = await payment.pay(next.betAmount);
          if (verified) await send(next, verified);
          return;
        }
        fail(answer.data.message);
      } catch (error) {
        if (error instanceof SocketTimeoutError) return fail(protocol.ERROR_MESSAGES.REQUEST_TIMEOUT);
        fail(error instanceof SocketRefusedError || error instanceof Error ? error.message : 'unknown error');
      }
    },
    [connection, duel, payment, wallet],
  );

  const join = useCallback(
    async (request: JoinRequest) => {
      pending.current = request;
      payment.reset();
      if (!isPaidStake(request.betAmount) || request.inviteCode) return send(request, null);
      const verified = await payment.pay(request.betAmount);
      if (verified) await send(request, verified);
    },
    [payment, send],
  );

  const retryPayment = useCallback(async () => {
    const verified = await payment.retry();
    if (verified && pending.current) await send(pending.current, verified);
  }, [payment, send]);

  const dismiss = useCallback(() => {
    pending.current = null;
    payment.reset();
    setState({ phase: 'idle' });
  }, [payment]);

  return { state, join, retryPayment, dismiss };
}
