// Spec §2 "Tournament list" card: id, status, name, description, entry fee, players, start date,
// prize pool, the winner once completed; Join Tournament / Registered / Tournament Full. The whole
// card opens the detail (its title link covers it; the action button sits above).
import type { Tournament } from '@duel-dojo/protocol';
import { Link } from 'react-router';
import { formatGameDate } from '../../features/history/game-view';
import { cardAction } from '../../features/tournaments/join-rules';
import { playerName } from '../../features/tournaments/player-name';
import { PrizeList } from './prize-list';
import { StatusBadge } from './status-badge';
import styles from './tournaments.module.css';

export interface TournamentCardProps {
  readonly tournament: Tournament;
  readonly onJoin: (tournament: Tournament) => void;
  readonly joining: boolean;
}

function CardAction({ tournament, onJoin, joining }: TournamentCardProps) {
  const action = cardAction(tournament);
  if (action === 'none') return null;
  if (action === 'join') {
    return (
      <button type="button" className={`btn btn-primary btn-block ${styles.action}`} onClick={() => onJoin(tournament)} disabled={joining}>
        {joining ? 'Joining…' : 'Join Tournament'}
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
          <dd>{tournament.entryFee || 'Free'}</dd>
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
      {tournament.status === 'completed' && tournament.winner && <p className={styles.winner}>Winner: {playerName(tournament.winner)}</p>}
      <CardAction {...props} />
    </li>
  );
}
