import { HealthBar } from '../health-bar/health-bar';
import styles from './fighter.module.css';

export interface FighterImpact {
  /** Changes with every round, so the numbers and the shake play again. */
  readonly key: number;
  readonly damage: number;
  readonly healing: number;
}

export interface FighterProps {
  /** "You" or "Opponent". */
  readonly title: string;
  readonly name: string;
  readonly character: { readonly name: string; readonly image: string };
  readonly health: number;
  readonly healthLabel: string;
  /** Player 2's side faces left: the portrait is mirrored. */
  readonly mirrored?: boolean;
  readonly impact?: FighterImpact | null;
  /** Floating numbers' life and the shake's length, from the game's constants. */
  readonly floatMs: number;
  readonly shakeMs: number;
}

/** One side of the battle: name, health bar out of 100, portrait, floating damage and heal numbers. */
export function Fighter({ title, name, character, health, healthLabel, mirrored = false, impact = null, floatMs, shakeMs }: FighterProps) {
  const shaking = impact !== null && impact.damage > 0;
  const timing = { '--float-ms': `${floatMs}ms`, '--shake-ms': `${shakeMs}ms` } as React.CSSProperties;
  return (
    <section className={`${styles.fighter} ${mirrored ? styles.mirrored : ''} ${health === 0 ? styles.down : ''}`} aria-label={`${title}: ${name}`} style={timing}>
      <header className={styles.header}>
        <span className={styles.title}>{title}</span>
        <span className={styles.name}>{name}</span>
      </header>
      <HealthBar label={healthLabel} value={health} align={mirrored ? 'right' : 'left'} />
      <div className={styles.stage}>
        <div key={impact?.key ?? 'still'} className={`${styles.body} ${shaking ? styles.shake : ''}`}>
          <img className={styles.portrait} src={character.image} alt={character.name} width={220} height={220} decoding="async" />
        </div>
        {impact && (
          <div key={`numbers-${impact.key}`} className={styles.numbers} aria-live="polite">
            {impact.damage > 0 && <span className={styles.damage}>-{impact.damage}</span>}
            {impact.healing > 0 && <span className={styles.heal}>+{impact.healing}</span>}
          </div>
        )}
      </div>
      <p className={styles.character}>{character.name}</p>
    </section>
  );
}
