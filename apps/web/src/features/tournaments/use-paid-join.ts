// Wires the paid join (paid-join-flow.ts) to the session, the connected wallet and the API: the
// player confirms the fee first, the progress is state for the screens, and the outcome goes to
// `onResult` (the screens' join notice). The tournament's list and detail reload after.
import type { Tournament } from '@duel-dojo/protocol';
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { useCallback, useRef, useState } from 'react';
import { joinTournament, requestTournamentEntry } from '../../net/api-tournament-changes';
import { pause } from '../../net/pause';
import { useAuth } from '../auth/auth-context';
import { type PaymentTransfer, usePayTransfer } from '../wallet/use-pay-transfer';
import { joinBlock } from './join-rules';
import { type PaidJoinDeps, type PaidJoinResult, type PaidJoinStep, finishPaidJoin, runPaidJoin } from './paid-join-flow';
import { type PendingEntry, forgetPendingEntry, savePendingEntry } from './pending-entry';
import { useJoinSession, useReloadTournaments } from './use-tournament-actions';

export type PaidJoinPhase = 'idle' | 'confirm' | PaidJoinStep;

export interface PaidJoinState {
  readonly phase: PaidJoinPhase;
  /** The tournament being joined; null when idle. */
  readonly tournament: Tournament | null;
  /** While signing: the transfer, also offered as a Solana Pay QR code for a phone wallet. */
  readonly transfer?: PaymentTransfer | null;
}

export const IDLE_PAID_JOIN: PaidJoinState = { phase: 'idle', tournament: null };

// A join runs to its end even if its screen goes: nothing cuts its waits short.
const neverAborted = new AbortController().signal;
const sleep = (ms: number) => pause(ms, neverAborted);

export function usePaidJoin(onResult: (result: PaidJoinResult) => void, fallback?: string) {
  const auth = useAuth();
  const session = useJoinSession();
  const payer = usePayTransfer();
  const reload = useReloadTournaments();
  const [state, setState] = useState<PaidJoinState>(IDLE_PAID_JOIN);
  const report = useRef(onResult);
  report.current = onResult;
  const { token } = auth;

  const depsFor = useCallback(
    (walletAddress: string): PaidJoinDeps => ({
      walletAddress,
      requestEntry: (tournamentId) => requestTournamentEntry(tournamentId, token),
      pay: (transfer, sent) => (payer ? payer.pay(transfer, sent) : Promise.reject(new Error(ERROR_MESSAGES.WALLET_NOT_CONNECTED))),
      join: (tournamentId, body) => joinTournament(tournamentId, token, body),
      step: (phase, transfer) => setState((current) => ({ ...current, phase, transfer: transfer ?? null })),
      save: savePendingEntry,
      forget: forgetPendingEntry,
      sleep,
      now: Date.now,
    }),
    [token, payer],
  );

  const settle = useCallback(
    (tournament: Tournament, result: PaidJoinResult) => {
      setState(IDLE_PAID_JOIN);
      void reload(tournament.tournamentId);
      report.current(result);
    },
    [reload],
  );

  /** The client's join blocks, then a wallet that can pay; opens the confirmation, or says what is missing. */
  const open = useCallback(
    (tournament: Tournament): string | null => {
      const blocked = joinBlock(tournament, session);
      if (blocked) return blocked;
      // The fee must come from the signed-in account: the server refuses anyone else's transfer.
      if (!payer || payer.address !== auth.user?.walletAddress) return ERROR_MESSAGES.TOURNAMENT_CONNECT_TO_JOIN;
      setState({ phase: 'confirm', tournament });
      return null;
    },
    [session, payer, auth.user?.walletAddress],
  );

  const confirm = useCallback(async () => {
    const { tournament, phase } = state;
    if (!tournament || phase !== 'confirm' || !payer) return;
    settle(tournament, await runPaidJoin(tournament.tournamentId, depsFor(payer.address), fallback));
  }, [state, payer, depsFor, settle, fallback]);

  /** Finish Joining: the join again with the payment already sent (no wallet needed). */
  const resume = useCallback(
    async (tournament: Tournament, entry: PendingEntry) => {
      if (!token) {
        report.current({ ok: false, message: ERROR_MESSAGES.TOURNAMENT_LOGIN_REQUIRED, pending: true });
        return;
      }
      setState({ phase: 'confirming', tournament });
      settle(tournament, await finishPaidJoin(entry, depsFor(entry.walletAddress), fallback));
    },
    [token, depsFor, settle, fallback],
  );

  const cancel = useCallback(() => setState((current) => (current.phase === 'confirm' ? IDLE_PAID_JOIN : current)), []);

  return { state, open, confirm, resume, cancel };
}
