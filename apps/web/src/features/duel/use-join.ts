// Joining a duel: a free game at once; a paid one after its stake is paid
// and verified; an invite with joinViaInvite, paying first when the invite's game is staked.
// No wallet is asked before the player has confirmed the amount: a paid join, or an invite the
// server says is staked, stops in `confirm` until `confirm(lamports)` with the amount shown.
// A rematch (docs/rematch.md) is a join too: requestRematch for the game just played, the stake
// confirmed and paid first when it is staked. A refusal is "Failed to join game: {message}".
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
  /** Who waits behind the invite, for the confirmation. */
  readonly inviterName?: string | null;
  /** The stake the player confirmed, in lamports; a paid join without it asks first. */
  readonly confirmedLamports?: bigint | null;
  /** Ask for a rematch of this game (requestRematch) instead of matchmaking. */
  readonly rematchOf?: string | null;
  /** The opponent of the rematch, for the confirmation. */
  readonly opponentName?: string | null;
}

export type JoinState =
  | { readonly phase: 'idle' | 'joining' }
  | { readonly phase: 'failed'; readonly message: string }
  /** Waiting for the player to confirm the stake of `request`; nothing was requested or paid. */
  | { readonly phase: 'confirm'; readonly request: JoinRequest };

export const isPaidStake = (betAmount: StakeLabel): boolean => (findStakeTier(betAmount)?.usd ?? 0) > 0;

export interface Join {
  readonly state: JoinState;
  join(request: JoinRequest): Promise<void>;
  /** The player confirmed the stake shown, in lamports: pay it and join. */
  confirm(lamports: bigint): Promise<void>;
  /** Retry from the verification-failed popup; joins when the payment is verified. */
  retryPayment(): Promise<void>;
  /** Cancel in the confirmation or the verification-failed popup, or OK on a failure alert. */
  dismiss(): void;
}

export function useJoin(game: GameSocketValue, duel: Pick<Duel, 'expectGame'>, payment: StakePayment, wallet: string | null): Join {
  const [state, setState] = useState<JoinState>({ phase: 'idle' });
  const pending = useRef<JoinRequest | null>(null);
  /** The request waiting in the confirmation. */
  const asked = useRef<JoinRequest | null>(null);
  const { ready: readyConnection } = game;

  const send = useCallback(
    async (request: JoinRequest, paid: VerifiedPayment | null): Promise<void> => {
      const protocol = await loadProtocol();
      const fail = (message: string) => {
        duel.expectGame(false);
        setState({ phase: 'failed', message: protocol.errorMessage('JOIN_GAME_FAILED', { message }) });
      };
      // Right after the page loads the socket may still be coming: the join waits for it.
      setState({ phase: 'joining' });
      const ready = await readyConnection(JOIN_TIMEOUT_MS);
      if (!ready) return setState({ phase: 'failed', message: protocol.ERROR_MESSAGES.CONNECTION_NOT_READY });
      const { socket } = ready;
      const payload = {
        selectedCharacter: request.characterId,
        walletAddress: wallet,
        verified: paid !== null,
        paymentId: paid?.paymentId ?? null,
        signature: paid?.signature ?? null,
      };
      duel.expectGame(true);
      try {
        if (request.rematchOf) {
          const raw = await emitAndWait(socket, 'requestRematch', { ...payload, sessionId: request.rematchOf }, 'rematchResult', JOIN_TIMEOUT_MS);
          const answer = protocol.rematchResultEvent.safeParse(raw);
          if (!answer.success) return fail('unexpected answer from the server');
          if (!answer.data.success) return fail(answer.data.message);
          pending.current = null;
          return setState({ phase: 'idle' });
        }
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
          const next = { ...request, betAmount: answer.data.betAmount, inviterName: answer.data.inviterName ?? request.inviterName ?? null };
          // The invite looked free, or its stake is not the one confirmed: ask before paying.
          if (request.confirmedLamports == null || answer.data.betAmount !== request.betAmount) {
            pending.current = null;
            asked.current = { ...next, confirmedLamports: null };
            return setState({ phase: 'confirm', request: asked.current });
          }
          setState({ phase: 'idle' });
          pending.current = next;
          const verified = await payment.pay(next.betAmount, request.confirmedLamports, ready);
          if (verified) await send(next, verified);
          return;
        }
        fail(answer.data.message);
      } catch (error) {
        if (error instanceof SocketTimeoutError) return fail(protocol.ERROR_MESSAGES.REQUEST_TIMEOUT);
        fail(error instanceof SocketRefusedError || error instanceof Error ? error.message : 'unknown error');
      }
    },
    [readyConnection, duel, payment, wallet],
  );

  const join = useCallback(
    async (request: JoinRequest) => {
      payment.reset();
      const confirmed = request.confirmedLamports ?? null;
      if (isPaidStake(request.betAmount) && confirmed === null) {
        pending.current = null;
        asked.current = request;
        return setState({ phase: 'confirm', request });
      }
      // The confirmation closes before the payment's own popups open.
      asked.current = null;
      setState({ phase: 'idle' });
      pending.current = request;
      if (confirmed === null || request.inviteCode) return send(request, null);
      // As for a free join: right after the page loads the socket may still be coming.
      const connection = await readyConnection(JOIN_TIMEOUT_MS);
      if (!connection) {
        const protocol = await loadProtocol();
        return setState({ phase: 'failed', message: protocol.ERROR_MESSAGES.CONNECTION_NOT_READY });
      }
      const verified = await payment.pay(request.betAmount, confirmed, connection);
      if (verified) await send(request, verified);
    },
    [payment, send, readyConnection],
  );

  const confirm = useCallback(
    async (lamports: bigint) => {
      // Taken once: a second click on Confirm cannot start a second payment.
      const request = asked.current;
      asked.current = null;
      if (request) await join({ ...request, confirmedLamports: lamports });
    },
    [join],
  );

  const retryPayment = useCallback(async () => {
    const verified = await payment.retry();
    if (verified && pending.current) await send(pending.current, verified);
  }, [payment, send]);

  const dismiss = useCallback(() => {
    pending.current = null;
    asked.current = null;
    payment.reset();
    setState({ phase: 'idle' });
  }, [payment]);

  return { state, join, confirm, retryPayment, dismiss };
}
