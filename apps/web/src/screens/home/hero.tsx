import { type Ref, Suspense, lazy } from 'react';
import type { StakeLabel } from '@duel-dojo/rules';
import { StakePicker } from './stake-picker';
import styles from './home-screen.module.css';

// Its own chunk: the list (and the wire contract it parses) loads after the hero is on screen.
const LiveDuels = lazy(() => import('../../features/spectating/live-duels-panel'));

export interface HeroProps {
  readonly stake: StakeLabel | null;
  onStake(label: StakeLabel): void;
  /**
   * Where the duel stage puts the character picker (or the selected-character panel) once a stake
   * is chosen. The duel stage loads after the hero and portals into it, so the hero the player is
   * clicking is never replaced by another copy of itself while that code arrives.
   */
  readonly lobbySlot?: Ref<HTMLDivElement>;
}

/** Home: the title "Duel!", the stake ladder and what follows the choice. */
export function Hero({ stake, onStake, lobbySlot }: HeroProps) {
  return (
    <div className={`container ${styles.home}`}>
      <section className={styles.hero} aria-labelledby="duel-title">
        <p className={styles.kicker}>One on one · timed rounds · last fighter standing</p>
        <h1 id="duel-title" className={styles.title}>
          Duel!
        </h1>
        <p className={styles.lead}>Choose your stake: fight for free, or put SOL on the line.</p>
        <StakePicker selected={stake} onSelect={(label) => onStake(label as StakeLabel)} />
        <div ref={lobbySlot} className={styles.lobbySlot} />
      </section>
      {stake === null && (
        <Suspense fallback={null}>
          <LiveDuels />
        </Suspense>
      )}
    </div>
  );
}
