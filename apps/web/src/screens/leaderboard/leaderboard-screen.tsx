// Leaderboard: the champions' title, "Last 24 Hours" / "All Time"
// (they really filter), three stat cards, the table with crowns for the top 3.
import type { LeaderboardTimeframe } from '@duel-dojo/protocol';
import { Suspense, lazy, useState } from 'react';
import { PageHeader } from '../../components/page-header/page-header';
import { StatCard } from '../../components/stat-card/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../components/status/status';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { useLeaderboard } from '../../features/players/queries';
import { LeaderboardTable } from './leaderboard-table';
import styles from './leaderboard.module.css';

// Loaded when it is shown, once the board has answered: imported with the screen, its ten small
// files (portraits, roster) would queue beside the screen's own on a phone's few connections and
// hold back the board's header, the page's largest paint (bench/README.md "Web app").
const LiveDuels = lazy(() => import('../../features/spectating/live-duels-panel'));

const TIMEFRAMES: readonly { id: LeaderboardTimeframe; label: string }[] = [
  { id: '24h', label: 'Last 24 Hours' },
  { id: 'all', label: 'All Time' },
];

export const LEADERBOARD_EMPTY = 'No players found. Be the first to play and claim your spot!';

export default function LeaderboardScreen() {
  useDocumentTitle('Leaderboard');
  const [timeframe, setTimeframe] = useState<LeaderboardTimeframe>('all');
  const board = useLeaderboard(timeframe);

  let body: React.ReactNode;
  if (board.isPending) body = <LoadingState label="Loading the champions…" />;
  else if (board.isError) body = <ErrorState message={`Error loading leaderboard: ${board.error.message || 'Failed to fetch leaderboard'}`} onRetry={() => void board.refetch()} />;
  else
    body = (
      <>
        <div className={styles.cards}>
          <StatCard label="Total Fighters" value={board.data.stats.totalFighters} />
          <StatCard label="Highest Winnings" value={`${board.data.stats.highestWinningsSol} SOL`} />
          <StatCard label="Total Matches" value={board.data.stats.totalMatches} />
        </div>
        {board.data.leaderboard.length === 0 ? <EmptyState message={LEADERBOARD_EMPTY} /> : <LeaderboardTable entries={board.data.leaderboard} />}
      </>
    );

  return (
    <div className="container">
      <PageHeader kicker="Hall of fame" title="Dojo Champions" subtitle="The fighters who took the most SOL home from the arena.">
        <div className={styles.timeframes} role="group" aria-label="Timeframe">
          {TIMEFRAMES.map((option) => (
            <button key={option.id} type="button" className={styles.timeframe} aria-pressed={timeframe === option.id} onClick={() => setTimeframe(option.id)}>
              {option.label}
            </button>
          ))}
        </div>
      </PageHeader>
      {body}
      {/* Below the board once it has an answer: shown under a loading board, the panel would be
          pushed down when the table arrives (a layout shift). */}
      {!board.isPending && (
        <Suspense fallback={null}>
          <LiveDuels />
        </Suspense>
      )}
    </div>
  );
}
