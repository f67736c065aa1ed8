// Navbar: logo, links, the early-access countdown, the sound and animations toggles,
// and the session (Login, or the wallet and user dropdowns). Below 900 px the links fold into a
// menu, with the animations toggle.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '../../../routing';
import { LogoMark, MenuIcon } from '../../../components/icons/icons';
import { AnimationsToggle } from './animations-toggle';
import { EarlyAccess } from './early-access';
import { NavLinks } from './nav-links';
import { SessionArea } from './session-area';
import { SoundToggle } from './sound-toggle';
import styles from './navbar.module.css';

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      // Escape inside a dialog opened from the menu (My Games' wallet alert) closes that dialog only.
      if (event.key !== 'Escape' || (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'))) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={styles.bar}>
      <div className={`container ${styles.inner}`}>
        <Link to="/" className={styles.logo} aria-label="Duel Dojo home">
          <LogoMark />
          <span className={styles.wordmark} aria-hidden="true">
            Duel<span>Dojo</span>
          </span>
        </Link>
        <nav className={styles.desktopNav} aria-label="Main">
          <NavLinks />
        </nav>
        <div className={styles.tools}>
          <div className={styles.desktopOnly}>
            <EarlyAccess />
          </div>
          <SoundToggle />
          <div className={styles.desktopOnly}>
            <AnimationsToggle />
          </div>
          <SessionArea />
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className={styles.mobileNav} aria-label="Main menu">
          <NavLinks />
          <EarlyAccess />
          <AnimationsToggle labelled />
        </nav>
      )}
    </header>
  );
}
