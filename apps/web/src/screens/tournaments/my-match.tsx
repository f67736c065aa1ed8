// The viewer's called duel in this tournament (`myMatch`): the opponent, the time left
// before a no-show forfeit, and "Fight now" to the home screen's invite flow (again and again:
// the server puts a player already in the match back into it).
import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import { useEffect } from 'react';
import { MatchCall } from '../../components/match-call/match-call';
import { playerName } from '../../features/tournaments/player-name';
import { followCall, rememberCall } from '../../features/tournaments/match-call-store';
import { fightPath, timeLeftText } from '../../features/tournaments/match-calls';
import { useNow } from '../../features/tournaments/use-now';

export function MyMatch({ call }: { readonly call: TournamentMatchNotice }) {
  const now = useNow(call.deadline !== null);
  // Known without a socket notice too, so the match's waiting popup can name the opponent.
  useEffect(() => rememberCall(call), [call]);
  return (
    <MatchCall
      opponent={playerName(call.opponent)}
      timeLeft={call.deadline === null ? null : (timeLeftText(call.deadline, now) ?? '0:00')}
      fightHref={fightPath(call.inviteCode)}
      onFight={() => followCall(call)}
    />
  );
}
