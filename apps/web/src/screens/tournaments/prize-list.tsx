// The prize pool, 1st / 2nd / 3rd, "TBD" when not set.
import type { TournamentPrizes } from '@duel-dojo/protocol';
import styles from './prize-list.module.css';

export function prizeText(value: string): string {
  return value.trim() || 'TBD';
}

const PLACES = [
  ['first', '1st'],
  ['second', '2nd'],
  ['third', '3rd'],
] as const;

export function PrizeList({ prizes, large = false }: { readonly prizes: TournamentPrizes; readonly large?: boolean }) {
  return (
    <ol className={`${styles.prizes} ${large ? styles.large : ''}`} aria-label="Prize pool">
      {PLACES.map(([key, label]) => (
        <li key={key} className={styles[key]}>
          <span className={styles.place}>{label}</span>
          <span className={styles.value}>{prizeText(prizes[key])}</span>
        </li>
      ))}
    </ol>
  );
}
