import { suddenDeathDrain } from '@duel-dojo/rules';
import styles from './round-results.module.css';

export interface RoundSideView {
  readonly name: string;
  /** "Attack", or null when this side did not act. */
  readonly action: string | null;
  readonly prediction: string | null;
  readonly predictedRight: boolean;
  readonly damageTaken: number;
  readonly healingReceived: number;
}

export interface RoundResultsProps {
  readonly round: number;
  /** "YOU WON!", "YOU LOST" or "ROUND DRAW". */
  readonly text: string;
  readonly tone: 'won' | 'lost' | 'draw';
  readonly mine: RoundSideView;
  readonly theirs: RoundSideView;
}

function Side({ side }: { readonly side: RoundSideView }) {
  return (
    <div className={styles.side}>
      <p className={styles.who}>{side.name}</p>
      <p className={styles.move}>{side.action ?? 'No move'}</p>
      <p className={styles.detail}>
        {side.prediction ? `Predicted ${side.prediction}${side.predictedRight ? ' ✓' : ''}` : 'Idle: −5 HP'}
      </p>
      <p className={styles.effects}>
        {side.damageTaken > 0 && <span className={styles.damage}>−{side.damageTaken} HP</span>}
        {side.healingReceived > 0 && <span className={styles.heal}>+{side.healingReceived} HP</span>}
        {side.damageTaken === 0 && side.healingReceived === 0 && <span className="muted">No change</span>}
      </p>
    </div>
  );
}

/**
 * "Sudden death −20 HP": what the rules drained from each fighter this round, already counted in
 * both sides' damage; null before sudden death.
 */
export function suddenDeathLine(round: number): string | null {
  const drain = suddenDeathDrain(round);
  return drain > 0 ? `Sudden death −${drain} HP` : null;
}

/** The round's result panel, on screen for 4 s: the verdict, the sudden-death drain, both sides' moves. */
export function RoundResults({ round, text, tone, mine, theirs }: RoundResultsProps) {
  const drain = suddenDeathLine(round);
  return (
    <section className={`${styles.panel} ${styles[tone]}`} role="status" aria-label={`Round ${round} result`}>
      <p className={styles.round}>Round {round}</p>
      <p className={styles.verdict}>{text}</p>
      {drain && <p className={styles.suddenDeath}>{drain} each</p>}
      <div className={styles.sides}>
        <Side side={mine} />
        <span className={styles.vs} aria-hidden="true">
          VS
        </span>
        <Side side={theirs} />
      </div>
    </section>
  );
}
