// /watch/:sessionId (docs/spectating.md): anyone, signed in or not, watches a duel live, read-only
// and capped per game; once it is over (or when it was over already) the page is its replay.
import { type Slot } from '@duel-dojo/rules';
import { Link, useParams } from '../../routing';
import { ErrorState, LoadingState } from '../../components/status/status';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { useGameRecord } from '../../features/spectating/queries';
import { useWatch } from '../../features/spectating/use-watch';
import { fighterName, spectatorEndText, spectatorOutcome } from '../../features/spectating/watch-texts';
import { LiveWatch } from './live-watch';
import { ReplayWatch } from './replay-watch';
import styles from './watch.module.css';

export const WATCH_NOT_FOUND = 'This duel does not exist, or it never started.';

export default function WatchScreen() {
  const { sessionId = '' } = useParams();
  const watch = useWatch(sessionId);
  const { game, refusal, spectators } = watch.state;
  const over = game?.gameOver === true;
  const record = useGameRecord(sessionId, over);
  const names: Record<Slot, string> | null = game ? { player1: fighterName(game, 'player1'), player2: fighterName(game, 'player2') } : null;
  useDocumentTitle(names ? `${names.player1} vs ${names.player2}` : 'Watch');

  const back = (
    <Link className="btn btn-ghost" to="/">
      Live duels
    </Link>
  );
  if (refusal && !game) {
    const message = refusal.code === 'NOT_FOUND' ? WATCH_NOT_FOUND : refusal.message;
    return (
      <div className="container">
        <ErrorState title="Cannot watch this duel" message={message}>
          {back}
        </ErrorState>
      </div>
    );
  }
  if (!game || !names) {
    return <div className="container">{watch.failed ? <ErrorState message="Connection error. Please refresh the page." /> : <LoadingState label="Finding the duel…" />}</div>;
  }

  const outcome = spectatorOutcome(over ? game.winner : null, names);
  const ending = over ? spectatorEndText(game.endReason, game.winner, names) : null;
  return (
    <div className={`container ${styles.watch}`}>
      <header className={styles.header}>
        <p className={styles.status}>
          {over ? <span className={styles.finished}>Finished</span> : <span className={styles.live}>Live</span>}
          <span>{game.betAmount === 'Free!' ? 'Free duel' : `Stake ${game.betAmount}`}</span>
          {!over && spectators !== null && <span aria-live="polite">{spectators} watching</span>}
        </p>
        <h1 className={styles.title}>
          {names.player1} <span className={styles.vs}>vs</span> {names.player2}
        </h1>
        {outcome && (
          <p className={styles.outcome} role="status">
            {outcome}
            {ending ? ` · ${ending}` : ''}
          </p>
        )}
      </header>
      {!over ? (
        <LiveWatch state={{ ...watch.state, game }} names={names} offset={watch.offset} />
      ) : record.data ? (
        <ReplayWatch game={game} record={record.data} names={names} />
      ) : record.isError ? (
        <ErrorState message="The round log could not be loaded." onRetry={() => void record.refetch()} />
      ) : (
        <LoadingState label="Loading the replay…" />
      )}
      <div className={styles.footer}>{back}</div>
    </div>
  );
}
