import { FREE_CHARACTERS } from '@duel-dojo/rules';
import { CharacterCard } from '../../components/character-card/character-card';
import styles from './how-to-play.module.css';

/** The nine free characters with their attack and defense bars. */
export function CharactersTab() {
  return (
    <div className={styles.grid}>
      {FREE_CHARACTERS.map((character) => (
        <CharacterCard key={character.id} character={character} />
      ))}
    </div>
  );
}
