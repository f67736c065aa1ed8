import styles from './fight-intro.module.css';

interface IntroFighter {
  readonly name: string;
  readonly character: { readonly name: string; readonly image: string };
}

export interface FightIntroProps {
  readonly me: IntroFighter;
  readonly opponent: IntroFighter;
  /** 3 s, or 2 s when rejoining. */
  readonly durationMs: number;
}

/** Both fighters slide in, "VS", then "FIGHT!": shown over the battle for its duration. */
export function FightIntro({ me, opponent, durationMs }: FightIntroProps) {
  return (
    <div className={styles.overlay} role="status" aria-label="Fight!" style={{ '--intro-ms': `${durationMs}ms` } as React.CSSProperties}>
      <div className={`${styles.fighter} ${styles.left}`}>
        <img src={me.character.image} alt="" width={180} height={180} />
        <p>{me.name}</p>
      </div>
      <p className={styles.vs} aria-hidden="true">
        VS
      </p>
      <div className={`${styles.fighter} ${styles.right}`}>
        <img src={opponent.character.image} alt="" width={180} height={180} />
        <p>{opponent.name}</p>
      </div>
      <p className={styles.fight}>FIGHT!</p>
    </div>
  );
}
