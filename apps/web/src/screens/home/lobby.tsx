// After the stake: the character picker, then the selected-character panel with
// Fight! and undo.
import { CharacterPicker } from '../../components/character-picker/character-picker';
import { StatBar } from '../../components/stat-bar/stat-bar';
import type { FightableCharacter } from '../../features/duel/use-fightable-characters';
import styles from './lobby.module.css';

export interface LobbyProps {
  readonly characters: readonly FightableCharacter[];
  readonly characterId: number | null;
  onCharacter(id: number | null): void;
  onFight(): void;
  /** A join or payment is under way. */
  readonly busy: boolean;
}

export function Lobby({ characters, characterId, onCharacter, onFight, busy }: LobbyProps) {
  const selected = characters.find((character) => character.id === characterId) ?? null;
  if (!selected) {
    return (
      <section className={styles.lobby} aria-labelledby="pick-title">
        <h2 id="pick-title" className={styles.heading}>
          Choose your character
        </h2>
        <CharacterPicker characters={characters} selectedId={characterId} onSelect={onCharacter} label="Choose your character" />
      </section>
    );
  }
  return (
    <section className={`${styles.lobby} ${styles.selected}`} aria-labelledby="selected-title">
      <img className={styles.portrait} src={selected.image} alt="" width={160} height={160} />
      <div className={styles.details}>
        <p className={styles.kicker}>Your fighter</p>
        <h2 id="selected-title" className={styles.name}>
          {selected.name}
        </h2>
        <p className={styles.info}>{selected.info}</p>
        <StatBar label="Attack" value={selected.fightScore} max={110} tone="attack" />
        <StatBar label="Defense" value={selected.defendScore} max={110} tone="defense" />
        <div className={styles.buttons}>
          <button type="button" className={`btn btn-primary ${styles.fight}`} onClick={onFight} disabled={busy}>
            Fight!
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => onCharacter(null)} disabled={busy} aria-label="Undo: choose another character">
            ↺ Undo
          </button>
        </div>
      </div>
    </section>
  );
}
