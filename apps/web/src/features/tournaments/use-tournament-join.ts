// The Join button of a card or of the detail: a free tournament is joined at once;
// a paid one asks to confirm its fee, then pays and joins. Either way the outcome
// reaches the screen's join notice, and the button of the tournament being joined shows progress.
import type { Tournament, TournamentChangeAnswer } from '@duel-dojo/protocol';
import { useCallback, useRef } from 'react';
import { isPaidTournament } from './entry-fee';
import { PAID_JOIN_STEP_TEXT, type PaidJoinResult } from './paid-join-flow';
import { usePaidJoin } from './use-paid-join';
import { useJoinTournament } from './use-tournament-actions';

export type JoinOutcome = { readonly ok: true; readonly answer: TournamentChangeAnswer } | { readonly ok: false; readonly message: string };

export function useTournamentJoin(onOutcome: (outcome: JoinOutcome) => void, fallback?: string) {
  const report = useRef(onOutcome);
  report.current = onOutcome;
  const onPaidResult = useCallback((result: PaidJoinResult) => report.current(result.ok ? result : { ok: false, message: result.message }), []);
  const free = useJoinTournament(fallback);
  const paid = usePaidJoin(onPaidResult, fallback);

  const join = (tournament: Tournament) => {
    if (isPaidTournament(tournament)) {
      const blocked = paid.open(tournament);
      if (blocked) report.current({ ok: false, message: blocked });
      return;
    }
    free.mutate(tournament, {
      onSuccess: (answer) => report.current({ ok: true, answer }),
      onError: (error) => report.current({ ok: false, message: error.message }),
    });
  };

  /** The button text while this tournament is being joined; null when it is not. */
  const progressOf = (tournamentId: string): string | null => {
    if (free.isPending && free.variables.tournamentId === tournamentId) return 'Joining…';
    const { phase, tournament } = paid.state;
    if (tournament?.tournamentId !== tournamentId || phase === 'idle' || phase === 'confirm') return null;
    return PAID_JOIN_STEP_TEXT[phase];
  };

  return { join, progressOf, paid };
}
