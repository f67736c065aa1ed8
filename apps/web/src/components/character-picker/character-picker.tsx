import styles from './character-picker.module.css';

export interface PickableCharacter {
  readonly id: number;
  readonly name: string;
  readonly image: string;
  readonly fightScore: number;
  readonly defendScore: number;
  /** Marketplace characters show their rarity. */
  readonly rarity?: string;
}

export interface CharacterPickerProps {
  readonly characters: readonly PickableCharacter[];
  readonly selectedId: number | null;
  onSelect(id: number): void;
  /** The group's name ("Choose your character"). */
  readonly label: string;
}

/** A grid of fighters to choose from: portrait, name, attack and defense. */
export function CharacterPicker({ characters, selectedId, onSelect, label }: CharacterPickerProps) {
  return (
    <div className={styles.grid} role="group" aria-label={label}>
      {characters.map((character) => (
        <button
          key={character.id}
          type="button"
          className={`${styles.tile} ${character.rarity ? styles[character.rarity.toLowerCase()] ?? '' : ''}`}
          aria-pressed={selectedId === character.id}
          onClick={() => onSelect(character.id)}
        >
          <img src={character.image} alt="" width={88} height={88} loading="lazy" decoding="async" />
          <span className={styles.name}>{character.name}</span>
          <span className={styles.scores}>
            <span title="Attack">ATK {character.fightScore}</span>
            <span title="Defense">DEF {character.defendScore}</span>
          </span>
          {character.rarity && <span className={styles.rarity}>{character.rarity}</span>}
        </button>
      ))}
    </div>
  );
}
