// A tournament duel called while the player is anywhere in the app shows as a toast
// with "Fight now" (the home screen's invite flow). Loaded only for a signed-in player.
import { useEffect, useState } from 'react';
import { useLocation } from '../../routing';
import { MatchCall } from '../../components/match-call/match-call';
import { useAuth } from '../../features/auth/auth-context';
import { inviteCodeOf } from '../../features/duel/invite-link';
import { followCall, useKnownCalls } from '../../features/tournaments/match-call-store';
import { fightPath, openCalls, timeLeftText } from '../../features/tournaments/match-calls';
import { playerName } from '../../features/tournaments/player-name';
import { useMatchCalls } from '../../features/tournaments/use-match-calls';
import { useNow } from '../../features/tournaments/use-now';
import styles from './tournament-calls.module.css';

export default function TournamentCalls() {
  const { token } = useAuth();
  const { pathname, search } = useLocation();
  const { calls, dismiss } = useMatchCalls(token);
  // A call's invite followed from elsewhere (the detail's own "Fight now") is being answered: its
  // toast would cover the duel it leads to.
  const [followed, setFollowed] = useState<ReadonlySet<string>>(() => new Set());
  const following = inviteCodeOf(search);
  useEffect(() => {
    if (following) setFollowed((codes) => (codes.has(following) ? codes : new Set(codes).add(following)));
  }, [following]);
  // The clock ticks while a call's deadline is ahead.
  const now = useNow(openCalls(calls, Date.now()).length > 0);
  // Followed with "Fight now" in this tab (before a reload too): the player is answering it.
  const answered = useKnownCalls().followed;
  // The tournament's own page shows the call in place.
  const shown = openCalls(calls, now).filter(
    (call) => pathname !== `/tournaments/${call.tournamentId}` && !followed.has(call.inviteCode) && !answered.some((done) => done.inviteCode === call.inviteCode),
  );
  // The live region stays mounted, so a toast put into it is announced.
  return (
    <div className={styles.toasts} role="status" aria-live="polite">
      {shown.map((call) => (
        <MatchCall
          key={call.inviteCode}
          variant="toast"
          kicker="Tournament match called"
          opponent={playerName(call.opponent)}
          timeLeft={timeLeftText(call.deadline, now)}
          fightHref={fightPath(call.inviteCode)}
          onFight={() => {
            followCall(call);
            dismiss(call);
          }}
          onDismiss={() => dismiss(call)}
        />
      ))}
    </div>
  );
}
