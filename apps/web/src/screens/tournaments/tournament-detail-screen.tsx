// Spec §2 "Tournament detail" (issue 8 adds joining): back link, banner, "Starts In" countdown,
// status, prizes, facts, participants; "Tournament Not Found" when it cannot be loaded.
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/status/status';
import { useAuth } from '../../features/auth/auth-context';
import { useCountdown } from '../../features/early-access/countdown';
import { formatGameDate } from '../../features/history/game-view';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { useTournament } from '../../features/tournaments/queries';
import { STATUS_CLASS, prizeText } from './tournament-card';
import styles from './tournaments.module.css';

export default function TournamentDetailScreen() {
  const { tournamentId } = useParams();
  const auth = useAuth();
  const query = useTournament(tournamentId, auth.token);
  const tournament = query.data?.tournament;
  useDocumentTitle(tournament?.name ?? 'Tournament');
  const startsIn = useCountdown(tournament?.startDate);
  const back = (
    <Link className={styles.back} to="/tournaments">
      ← Back to tournaments
    </Link>
  );

  if (query.isPending) return <div className="container">{back}<LoadingState label="Loading tournament…" /></div>;
  if (!tournament) {
    return (
      <div className="container">
        {back}
        <ErrorState title="Tournament Not Found" message="Failed to load tournament">
          <Link className="btn btn-ghost" to="/tournaments">
            Back to tournaments
          </Link>
        </ErrorState>
      </div>
    );
  }
  return (
    <div className="container">
      {back}
      <header className={styles.banner}>
        <span className={`${styles.status} ${styles[STATUS_CLASS[tournament.status] ?? 'other']}`}>{tournament.status}</span>
        <h1>{tournament.name}</h1>
        {startsIn && (
          <p role="timer" aria-label="Starts in">
            Starts In {startsIn.days}d {startsIn.hours}h {startsIn.minutes}m {startsIn.seconds}s
          </p>
        )}
      </header>
      <section className={styles.detail}>
        <p>{tournament.description}</p>
        <dl className={styles.facts}>
          <div><dt>Entry fee</dt><dd>{tournament.entryFee || 'Free'}</dd></div>
          <div><dt>Format</dt><dd>{tournament.format}</dd></div>
          <div><dt>Start date</dt><dd>{formatGameDate(tournament.startDate)}</dd></div>
          <div><dt>Max players</dt><dd>{tournament.maxParticipants}</dd></div>
          <div><dt>Registered</dt><dd>{tournament.currentParticipants}</dd></div>
          <div><dt>Prizes</dt><dd>1st {prizeText(tournament.prizes.first)} · 2nd {prizeText(tournament.prizes.second)} · 3rd {prizeText(tournament.prizes.third)}</dd></div>
        </dl>
        <h2>Participants</h2>
        {tournament.participants.length === 0 ? (
          <p className="muted">No players registered yet. Be the first to join this tournament!</p>
        ) : (
          <ul>
            {tournament.participants.map((player) => (
              <li key={player._id}>{player.displayName ?? player.username} · Level {player.level}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
