// The detail's banner: status badge, name, and the "Starts In" countdown (days, hours,
// minutes, seconds, every second) while upcoming; what stands otherwise.
import type { TournamentDetail } from '@duel-dojo/protocol';
import { EVERY_SECOND, countdownParts, countdownUnits, parseTarget } from '../../features/countdown/countdown-parts';
import { useCountdown } from '../../features/countdown/use-countdown';
import { playerName } from '../../features/tournaments/player-name';
import { StatusBadge } from './status-badge';
import styles from './detail-banner.module.css';

function StartsIn({ startDate }: { readonly startDate: string }) {
  const msLeft = useCountdown(parseTarget(startDate), EVERY_SECOND);
  const left = msLeft === null ? null : countdownParts(msLeft);
  if (!left) return <p className={styles.state}>Starting…</p>;
  return (
    <div className={styles.countdown} role="timer" aria-label="Starts in">
      <p className={styles.countdownLabel}>Starts In</p>
      <div className={styles.units}>
        {countdownUnits(left).map(({ unit, value, label }) => (
          <span key={unit} className={styles.unit}>
            <strong>{value}</strong>
            <small>{label}</small>
          </span>
        ))}
      </div>
    </div>
  );
}

function StateLine({ tournament }: { readonly tournament: TournamentDetail }) {
  if (tournament.status === 'upcoming') return <StartsIn startDate={tournament.startDate} />;
  if (tournament.status === 'active') return <p className={styles.state}>Under way: matches are being fought now.</p>;
  if (tournament.status === 'completed') return <p className={`${styles.state} ${styles.champion}`}>Winner: {tournament.winner ? playerName(tournament.winner) : 'TBD'}</p>;
  return <p className={styles.state}>Cancelled: fewer than two players had joined by the start.</p>;
}

export function DetailBanner({ tournament }: { readonly tournament: TournamentDetail }) {
  return (
    <header className={styles.banner}>
      <div className={styles.bannerText}>
        <div className={styles.bannerTop}>
          <StatusBadge status={tournament.status} />
          <span className={styles.bannerId}>#{tournament.tournamentId}</span>
        </div>
        <h1>{tournament.name}</h1>
      </div>
      <StateLine tournament={tournament} />
    </header>
  );
}
