// Display name (else username, else Player), Level and Wins; links; Sign Out.
import type { SessionUser } from '@duel-dojo/protocol';
import { characterOrDefault } from '@duel-dojo/rules';
import { useState } from 'react';
import { Link } from '../../../routing';
import { Popover } from '../../../components/popover/popover';
import { Portrait } from '../../../components/portrait/portrait';
import styles from './menus.module.css';

export function displayNameOf(user: Pick<SessionUser, 'displayName' | 'username'> | null): string {
  return user?.displayName || user?.username || 'Player';
}

const LINKS = [
  { to: '/profile', label: 'Profile' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/my-games', label: 'My Games' },
  { to: '/how-to-play', label: 'How to Play' },
];

export function UserMenu({ user, onSignOut }: { readonly user: SessionUser; readonly onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const name = displayNameOf(user);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label={`Player menu: ${name}`}
      triggerClassName={styles.trigger}
      trigger={
        <>
          <Portrait character={characterOrDefault(user.characterId)} size="small" decorative />
          <span className={styles.triggerText}>{name}</span>
        </>
      }
    >
      <div className={styles.userHead}>
        <Portrait character={characterOrDefault(user.characterId)} size="small" decorative />
        <div>
          <p className={styles.userName}>{name}</p>
          <p className={styles.userStats}>
            <span>Level {user.level}</span>
            <span>Wins {user.stats.wins}</span>
          </p>
        </div>
      </div>
      <ul className={styles.menuLinks}>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-ghost btn-block"
        onClick={() => {
          setOpen(false);
          onSignOut();
        }}
      >
        Sign Out
      </button>
    </Popover>
  );
}
