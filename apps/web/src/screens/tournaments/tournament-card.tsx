// A card of the tournament list: id, status, name, description, entry fee, players, start date,
// prize pool, the winner when completed; Join Tournament / Registered / Tournament Full. The whole
// card opens the detail (its title link covers it; the action button sits above). A paid
// tournament's Join says its fee, its pool grows until the start, and an entry paid but not yet
// joined offers Finish Joining.
import type { Tournament } from '@duel-dojo/protocol';
import { Link } from '../../routing';
import { useSessionUser } from '../../features/auth/auth-context';
import { formatGameDate } from '../../features/history/game-view';
import { entryFeeLabel, growingPoolText } from '../../features/tournaments/entry-fee';
import { cardAction } from '../../features/tournaments/join-rules';
import { type PendingEntry, usePendingEntry } from '../../features/tournaments/pending-entry';
import { playerName } from '../../features/tournaments/player-name';
import { JoinLabel } from './join-label';
import { PrizeList } from './prize-list';
import { StatusBadge } from './status-badge';
import styles from './tournaments.module.css';

export interface TournamentCardProps {
  readonly tournament: Tournament;
  readonly onJoin: (tournament: Tournament) => void;
  readonly onResume: (tournament: Tournament, entry: PendingEntry) => void;
  /** The button's text while this tournament is being joined; null when it is not. */
  readonly progress: string | null;
}

function CardAction({ tournament, onJoin, onResume, progress }: TournamentCardProps) {
  const pending = usePendingEntry(tournament, useSessionUser()?.walletAddress ?? null);
  const action = cardAction(tournament);
  if (action === 'none') return null;
  if (pending || action === 'join') {
    const onClick = () => (pending ? onResume(tournament, pending) : onJoin(tournament));
    return (
      <button type="button" className={`btn btn-primary btn-block ${styles.action}`} onClick={onClick} disabled={progress !== null}>
        {progress ?? (pending ? 'Finish Joining' : <JoinLabel tournament={tournament} />)}
      </button>
    );
  }
  const label = { registered: 'Registered', full: 'Tournament Full', closed: 'Registration Closed' }[action];
  return (
    <button type="button" className={`btn btn-ghost btn-block ${styles.action}`} disabled>
      {label}
    </button>
  );
}

export function TournamentCard(props: TournamentCardProps) {
  const { tournament } = props;
  const growing = growingPoolText(tournament);
  return (
    <li className={styles.card}>
      <div className={styles.cardTop}>
        <span className={styles.cardId}>#{tournament.tournamentId}</span>
        <StatusBadge status={tournament.status} />
      </div>
      <h2 className={styles.cardTitle}>
        <Link className={styles.cardLink} to={`/tournaments/${tournament.tournamentId}`}>
          {tournament.name}
        </Link>
      </h2>
      <p className={styles.cardText}>{tournament.description}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Entry fee</dt>
          <dd>{entryFeeLabel(tournament)}</dd>
        </div>
        <div>
          <dt>Players</dt>
          <dd>
            {tournament.currentParticipants}/{tournament.maxParticipants}
          </dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>{formatGameDate(tournament.startDate)}</dd>
        </div>
      </dl>
      <PrizeList prizes={tournament.prizes} />
      {growing && <p className={styles.pool}>{growing}</p>}
      {tournament.status === 'completed' && tournament.winner && <p className={styles.winner}>Winner: {playerName(tournament.winner)}</p>}
      <CardAction {...props} />
    </li>
  );
}
