// The participants with avatar (the character's portrait), name, level and W/L.
import type { TournamentParticipant } from '@duel-dojo/protocol';
import { characterOrDefault } from '@duel-dojo/rules';
import { Link } from '../../routing';
import { Portrait } from '../../components/portrait/portrait';
import { playerName } from '../../features/tournaments/player-name';
import styles from './detail.module.css';

export function ParticipantList({ participants, viewerId }: { readonly participants: readonly TournamentParticipant[]; readonly viewerId: string | null }) {
  if (participants.length === 0) {
    return (
      <div className={styles.emptyList}>
        <p className={styles.emptyTitle}>No players registered yet</p>
        <p className="muted">Be the first to join this tournament!</p>
      </div>
    );
  }
  return (
    <ol className={styles.participants}>
      {participants.map((player) => {
        const character = characterOrDefault(player.characterId);
        return (
          <li key={player._id} className={player._id === viewerId ? styles.me : undefined}>
            <Portrait character={{ name: character.name, image: player.avatar ?? character.image }} size="small" decorative />
            <div className={styles.who}>
              <Link to={`/profile/${player.walletAddress}`} title={playerName(player)}>
                {playerName(player)}
              </Link>
              <span className={styles.level}>
                Level {player.level}
                {player._id === viewerId && ' · You'}
              </span>
            </div>
            <span className={styles.record}>
              {player.stats.wins}W / {player.stats.losses}L
            </span>
          </li>
        );
      })}
    </ol>
  );
}
