// The duels a player is called to: the `tournamentMatch` notices, kept by match, shown
// until joined, dismissed or past their deadline. "Fight now" is the home screen's invite flow.
import type { TournamentMatchNotice } from '@duel-dojo/protocol';

/** The home route's invite link (the code is read from ?invite=). */
export function fightPath(inviteCode: string): string {
  return `/?invite=${encodeURIComponent(inviteCode)}`;
}

const keyOf = (call: Pick<TournamentMatchNotice, 'tournamentId' | 'matchId'>) => `${call.tournamentId}:${call.matchId}`;

/** Adds a notice, replacing an older one of the same match (a draw is called again with a new code). */
export function upsertCall(calls: readonly TournamentMatchNotice[], notice: TournamentMatchNotice): readonly TournamentMatchNotice[] {
  return [...calls.filter((call) => keyOf(call) !== keyOf(notice)), notice];
}

export function withoutCall(calls: readonly TournamentMatchNotice[], notice: TournamentMatchNotice): readonly TournamentMatchNotice[] {
  return calls.filter((call) => call.inviteCode !== notice.inviteCode);
}

/** What is still worth announcing: a deadline still ahead (null is a duel already under way). */
export function openCalls(calls: readonly TournamentMatchNotice[], now: number): readonly TournamentMatchNotice[] {
  return calls.filter((call) => call.deadline !== null && call.deadline > now);
}

/** "m:ss" left before a deadline, or null once it has passed. */
export function timeLeftText(deadline: number | null, now: number): string | null {
  if (deadline === null) return null;
  const left = Math.ceil((deadline - now) / 1000);
  if (left <= 0) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
