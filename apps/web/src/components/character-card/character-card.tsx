import type { ReactNode } from 'react';
import { Portrait } from '../portrait/portrait';
import { StatBar } from '../stat-bar/stat-bar';
import styles from './character-card.module.css';

export interface CharacterCardProps {
  readonly character: { readonly name: string; readonly image: string; readonly info: string; readonly fightScore: number; readonly defendScore: number };
  /** The highest score of the catalog shown, so bars compare across cards. */
  readonly scoreMax?: number;
  readonly rarity?: string;
  readonly children?: ReactNode;
  /** The first card of a page: its portrait is the largest paint (Portrait's priority). */
  readonly priority?: boolean;
}

export function CharacterCard({ character, scoreMax = 100, rarity, children, priority = false }: CharacterCardProps) {
  const rarityClass = rarity ? styles[rarity.toLowerCase()] ?? '' : '';
  return (
    <article className={`${styles.card} ${rarityClass}`}>
      <div className={styles.art}>
        <Portrait character={character} size="large" decorative priority={priority} />
        {rarity && <span className={styles.rarity}>{rarity}</span>}
      </div>
      <h3 className={styles.name}>{character.name}</h3>
      <p className={styles.info}>{character.info}</p>
      <div className={styles.stats}>
        <StatBar label="Attack" value={character.fightScore} max={scoreMax} tone="attack" />
        <StatBar label="Defense" value={character.defendScore} max={scoreMax} tone="defense" />
      </div>
      {children && <div className={styles.footer}>{children}</div>}
    </article>
  );
}
