import type { UserProfile } from '@duel-dojo/protocol';
import { characterOrDefault, levelProgress, playerTag, rankTitle } from '@duel-dojo/rules';
import { CopyButton } from '../../components/copy-button/copy-button';
import { Portrait } from '../../components/portrait/portrait';
import { StatBar } from '../../components/stat-bar/stat-bar';
import { useCopy } from '../../features/clipboard/use-copy';
import styles from './profile.module.css';

export function ProfileHeader({ profile, isOwn }: { readonly profile: UserProfile; readonly isOwn: boolean }) {
  const share = useCopy();
  const progress = levelProgress(profile.experience);
  const link = `${window.location.origin}/profile/${profile.walletAddress}`;
  return (
    <header className={styles.header}>
      <Portrait character={characterOrDefault(profile.characterId)} size="large" />
      <div className={styles.identity}>
        <p className={styles.rank}>
          {rankTitle(profile.level)} · Level {profile.level}
        </p>
        <h1 className={styles.name}>{profile.displayName || profile.username}</h1>
        <p className={styles.meta}>
          <span>@{profile.username}</span>
          <span>{playerTag(profile.walletAddress)}</span>
          {!isOwn && <span className="tag">Public Profile</span>}
        </p>
        <div className={styles.xp}>
          {/* The bar fills through the current level, but the figure beside "XP" is the player's total. */}
          <StatBar label="XP" value={progress.xpIntoLevel} max={progress.xpForNextLevel} valueText={String(profile.experience)} />
          <span className="muted">
            {profile.experience} XP · {progress.xpForNextLevel - progress.xpIntoLevel} more to level {profile.level + 1}
          </span>
        </div>
      </div>
      <div className={styles.headerActions}>
        <CopyButton label="Share Profile" state={share.state} onCopy={() => void share.copy(link)} className="btn btn-ghost" />
      </div>
    </header>
  );
}
