// Issue 8: the podium once the tournament is completed, with the prize of each place.
import type { TournamentDetail } from '@duel-dojo/protocol';
import { playerName } from '../../features/tournaments/player-name';
import { prizeText } from './prize-list';
import styles from './detail.module.css';

const PLACES = { 1: ['1st', 'first'], 2: ['2nd', 'second'], 3: ['3rd', 'third'] } as const;

export function Placings({ tournament }: { readonly tournament: TournamentDetail }) {
  return (
    <ol className={styles.podium} aria-label="Final placings">
      {tournament.placings.map((placing) => {
        const [label, prize] = PLACES[placing.place as 1 | 2 | 3];
        return (
          <li key={placing.place} className={styles[`place${placing.place}`]}>
            <span className={styles.podiumPlace}>{label}</span>
            <strong className={styles.podiumName}>{playerName(placing)}</strong>
            <span className="muted">Prize: {prizeText(tournament.prizes[prize])}</span>
          </li>
        );
      })}
    </ol>
  );
}
