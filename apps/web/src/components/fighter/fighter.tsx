import { HealthBar } from '../health-bar/health-bar';
import { ACT_MS, type FighterMotion, IMPACT_DELAY_MS, KNOCKOUT_MS, useFighterMotion } from './fighter-motion';
import motionStyles from './fighter-motion.module.css';
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

const ACT_CLASS = { attack: motionStyles.actAttack, dodge: motionStyles.actDodge, heal: motionStyles.actHeal } as const;

function reactionClass(motion: FighterMotion | null, damaged: boolean): string {
  if (motion?.reaction === 'recoil') return `${motionStyles.recoil}`;
  if (motion?.reaction === 'hit') return `${motionStyles.hit}`;
  return damaged ? `${styles.shake}` : '';
}

/** The motion as data attributes: what plays can be read from the page (tests, tools). */
function motionData(motion: FighterMotion | null, falling: boolean): Record<string, string> {
  if (!motion) return {};
  const data: Record<string, string> = {};
  if (motion.act) data['data-act'] = motion.act;
  if (motion.reaction) data['data-reaction'] = motion.reaction;
  if (motion.healed) data['data-healed'] = 'true';
  if (falling) data['data-knockout'] = 'true';
  return data;
}

/**
 * One side of the battle: name, health bar out of 100, portrait, floating damage and heal numbers;
 * the round's motion when the arena hands one down (its move, the blow, the heal, the fall).
 */
export function Fighter({ title, name, character, health, healthLabel, mirrored = false, impact = null, floatMs, shakeMs }: FighterProps) {
  const { enabled, motion } = useFighterMotion(mirrored);
  const damaged = enabled && impact !== null && impact.damage > 0;
  const falling = motion?.knockedOut === true && health === 0;
  const timing = {
    '--float-ms': `${floatMs}ms`,
    '--shake-ms': `${shakeMs}ms`,
    '--act-ms': `${ACT_MS}ms`,
    '--impact-delay': motion ? `${IMPACT_DELAY_MS}ms` : '0ms',
    '--knockout-ms': `${KNOCKOUT_MS}ms`,
  } as React.CSSProperties;
  const classes = [styles.fighter, mirrored && styles.mirrored, health === 0 && styles.down, !enabled && motionStyles.still].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-label={`${title}: ${name}`} style={timing} {...motionData(motion, falling)}>
      <header className={styles.header}>
        <span className={styles.title}>{title}</span>
        <span className={styles.name}>{name}</span>
      </header>
      <HealthBar label={healthLabel} value={health} align={mirrored ? 'right' : 'left'} />
      <div className={styles.stage}>
        <div key={motion?.key ?? 'still'} className={`${styles.actor} ${motion?.act ? ACT_CLASS[motion.act] : ''}`}>
          <div key={impact?.key ?? 'still'} className={`${styles.body} ${reactionClass(motion, damaged)}`}>
            <img className={`${styles.portrait} ${falling ? motionStyles.falling : ''}`} src={character.image} alt={character.name} width={220} height={220} decoding="async" />
          </div>
        </div>
        {motion?.healed && <div key={`aura-${motion.key}`} className={motionStyles.aura} aria-hidden="true" />}
        {falling && (
          <span key={`ko-${motion.key}`} className={motionStyles.ko} aria-hidden="true">
            K.O.
          </span>
        )}
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
