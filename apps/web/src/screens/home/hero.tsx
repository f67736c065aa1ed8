import { type ReactNode, Suspense, lazy } from 'react';
import type { StakeLabel } from '@duel-dojo/rules';
import { StakePicker } from './stake-picker';
import styles from './home-screen.module.css';

// Its own chunk: the list (and the wire contract it parses) loads after the hero is on screen.
const LiveDuels = lazy(() => import('../../features/spectating/live-duels-panel'));

export interface HeroProps {
  readonly stake: StakeLabel | null;
  onStake(label: StakeLabel): void;
  /** The character picker or the selected-character panel, once a stake is chosen. */
  readonly children?: ReactNode;
}

/** Home: the title "Duel!", the stake ladder and what follows the choice. */
export function Hero({ stake, onStake, children }: HeroProps) {
  return (
    <div className={`container ${styles.home}`}>
      <section className={styles.hero} aria-labelledby="duel-title">
        <p className={styles.kicker}>One on one · timed rounds · last fighter standing</p>
        <h1 id="duel-title" className={styles.title}>
          Duel!
        </h1>
        <p className={styles.lead}>Choose your stake: fight for free, or put SOL on the line.</p>
        <StakePicker selected={stake} onSelect={(label) => onStake(label as StakeLabel)} />
        {children}
      </section>
      {stake === null && (
        <Suspense fallback={null}>
          <LiveDuels />
        </Suspense>
      )}
    </div>
  );
}
