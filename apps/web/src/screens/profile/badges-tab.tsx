import type { UserProfile } from '@duel-dojo/protocol';
import { computeBadges } from '@duel-dojo/rules';
import styles from './profile.module.css';

export function BadgesTab({ profile }: { readonly profile: UserProfile }) {
  const badges = computeBadges({ ...profile.stats, totalEarnings: BigInt(profile.stats.totalEarnings), level: profile.level });
  const unlocked = badges.filter((badge) => badge.unlocked).length;
  return (
    <>
      <p className="muted">
        {unlocked} of {badges.length} badges unlocked
      </p>
      <ul className={styles.badges}>
        {badges.map((badge) => (
          <li key={badge.id} className={`${styles.badge} ${badge.unlocked ? styles.unlocked : ''}`}>
            <span className={styles.badgeIcon} aria-hidden="true">
              {badge.unlocked ? '★' : '☆'}
            </span>
            <div>
              <h3>{badge.name}</h3>
              <p>{badge.description}</p>
              <p className={styles.badgeState}>
                {badge.unlocked ? 'Unlocked' : badge.progress ? `${badge.progress.current} / ${badge.progress.target}` : 'Not available yet'}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
