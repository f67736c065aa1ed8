// Spec §2 "Home (duel game)": the title and the stake ladder. Issue 7 builds the duel here
// (character picker, waiting popup, battle); until then a stake can be chosen but not played.
import { useState } from 'react';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { StakePicker } from './stake-picker';
import styles from './home-screen.module.css';

export default function HomeScreen() {
  useDocumentTitle('');
  const [stake, setStake] = useState<string | null>(null);
  return (
    <div className={`container ${styles.home}`}>
      <section className={styles.hero} aria-labelledby="duel-title">
        <p className={styles.kicker}>One on one · timed rounds · last fighter standing</p>
        <h1 id="duel-title" className={styles.title}>
          Duel!
        </h1>
        <p className={styles.lead}>Choose your stake: fight for free, or put SOL on the line.</p>
        <StakePicker selected={stake} onSelect={setStake} />
      </section>
    </div>
  );
}
