// The Join button's words: "Join Tournament", or with a paid tournament's fee. On a narrow card
// the line breaks before the amount, never inside "0.05 SOL".
import type { Tournament } from '@duel-dojo/protocol';
import { JOIN_LABEL, entryFeeLabel, isPaidTournament } from '../../features/tournaments/entry-fee';
import styles from './tournaments.module.css';

export function JoinLabel({ tournament }: { readonly tournament: Pick<Tournament, 'entryFee' | 'entryFeeLamports'> }) {
  if (!isPaidTournament(tournament)) return JOIN_LABEL;
  return (
    <>
      <span className={styles.nowrap}>{JOIN_LABEL} ·</span> <span className={styles.nowrap}>{entryFeeLabel(tournament)}</span>
    </>
  );
}
