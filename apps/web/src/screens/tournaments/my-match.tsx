// Issue 8: the viewer's called duel in this tournament (`myMatch`): the opponent, the time left
// before a no-show forfeit, and "Fight now" to the home screen's invite flow.
import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import { MatchCall } from '../../components/match-call/match-call';
import { playerName } from '../../features/tournaments/player-name';
import { fightPath, timeLeftText } from '../../features/tournaments/match-calls';
import { useNow } from '../../features/tournaments/use-now';

export function MyMatch({ call }: { readonly call: TournamentMatchNotice }) {
  const now = useNow(call.deadline !== null);
  return <MatchCall opponent={playerName(call.opponent)} timeLeft={call.deadline === null ? null : (timeLeftText(call.deadline, now) ?? '0:00')} fightHref={fightPath(call.inviteCode)} />;
}
