import { Suspense, lazy, useState } from 'react';
import { NavLink } from '../../../routing';
import { useAuth } from '../../../features/auth/auth-context';
import styles from './nav-links.module.css';

// The dialog code (and its portal) loads when the alert first opens, not with every page.
const AlertDialog = lazy(() => import('../../../components/modal/alert-dialog').then((module) => ({ default: module.AlertDialog })));

const LINKS = [
  { to: '/how-to-play', label: 'How to Play' },
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/tournaments', label: 'Tournaments' },
];

export const MY_GAMES_WALLET_ALERT = 'Please connect your wallet to see your games.';

/** The main links; My Games asks for a wallet first. */
export function NavLinks() {
  const auth = useAuth();
  const [alertOpen, setAlertOpen] = useState(false);
  const className = ({ isActive }: { isActive: boolean }) => `${styles.link} ${isActive ? styles.active : ''}`;
  return (
    <>
      <ul className={styles.list}>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={className}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink
            to="/my-games"
            className={className}
            onClick={(event) => {
              if (auth.user) return;
              event.preventDefault();
              setAlertOpen(true);
            }}
          >
            My Games
          </NavLink>
        </li>
      </ul>
      {alertOpen && (
        <Suspense fallback={null}>
          <AlertDialog
            open={alertOpen}
            title="Connect your wallet"
            message={MY_GAMES_WALLET_ALERT}
            onClose={() => setAlertOpen(false)}
          >
            <div className="actions">
              <button
                type="button"
                className="btn btn-gold"
                onClick={() => {
                  setAlertOpen(false);
                  auth.openLogin();
                }}
              >
                Login
              </button>
            </div>
          </AlertDialog>
        </Suspense>
      )}
    </>
  );
}
