// Spec §2: the invite-join modal of a ?invite= link, with its own character picker.
import { useState } from 'react';
import { CharacterPicker } from '../../components/character-picker/character-picker';
import { Modal } from '../../components/modal/modal';
import type { FightableCharacter } from '../../features/duel/use-fightable-characters';
import styles from './popups.module.css';

export interface InviteJoinModalProps {
  readonly open: boolean;
  readonly characters: readonly FightableCharacter[];
  onJoin(characterId: number): void;
  onCancel(): void;
}

export function InviteJoinModal({ open, characters, onJoin, onCancel }: InviteJoinModalProps) {
  const [characterId, setCharacterId] = useState<number | null>(null);
  return (
    <Modal open={open} title="You're invited to a duel!" onClose={onCancel}>
      <p>A friend is waiting for you. Choose your character and join the fight.</p>
      <div className={styles.picker}>
        <CharacterPicker characters={characters} selectedId={characterId} onSelect={setCharacterId} label="Choose your character for the invite" />
      </div>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={characterId === null} onClick={() => characterId !== null && onJoin(characterId)}>
          Join Duel
        </button>
      </div>
    </Modal>
  );
}
