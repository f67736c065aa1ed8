import type { Tournament } from '@duel-dojo/protocol';
import { Link } from 'react-router';
import { formatGameDate } from '../../features/history/game-view';
import styles from './tournaments.module.css';

export const STATUS_CLASS: Readonly<Record<string, string>> = { active: 'active', upcoming: 'upcoming', completed: 'completed' };

export function prizeText(value: string): string {
  return value.trim() || 'TBD';
}

export function TournamentCard({ tournament }: { readonly tournament: Tournament }) {
  const status = styles[STATUS_CLASS[tournament.status] ?? 'other'];
  return (
    <li className={styles.card}>
      <div className={styles.cardTop}>
        <span className="muted">#{tournament.tournamentId}</span>
        <span className={`${styles.status} ${status}`}>{tournament.status}</span>
      </div>
      <h2>
        <Link to={`/tournaments/${tournament.tournamentId}`}>{tournament.name}</Link>
      </h2>
      <p className="muted">{tournament.description}</p>
      <dl className={styles.facts}>
        <div><dt>Entry</dt><dd>{tournament.entryFee || 'Free'}</dd></div>
        <div><dt>Players</dt><dd>{tournament.currentParticipants}/{tournament.maxParticipants}</dd></div>
        <div><dt>Starts</dt><dd>{formatGameDate(tournament.startDate)}</dd></div>
        <div><dt>Prizes</dt><dd>{prizeText(tournament.prizes.first)} · {prizeText(tournament.prizes.second)} · {prizeText(tournament.prizes.third)}</dd></div>
      </dl>
      {tournament.status === 'completed' && tournament.winner && (
        <p className={styles.winner}>Winner: {tournament.winner.displayName ?? tournament.winner.username}</p>
      )}
    </li>
  );
}
