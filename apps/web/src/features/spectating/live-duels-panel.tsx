// The live duels list with its data: read from GET /api/games/live and refreshed while shown.
import { LiveDuels } from '../../components/live-duels/live-duels';
import { useLiveGames } from './queries';

export default function LiveDuelsPanel() {
  const live = useLiveGames();
  return <LiveDuels games={live.data ?? null} failed={live.isError && !live.data} />;
}
