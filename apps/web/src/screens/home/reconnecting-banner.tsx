// The battle screen while its game is cut off from the server (use-reconnecting.ts): a notice above
// the moves, which stay usable (a move chosen offline is sent when the game is back, if its round
// still runs), with the health bars and the clock in view. The live region is always
// mounted, empty while connected, so screen readers announce the text when it appears.
import { RECONNECTING_SLOW_TEXT, RECONNECTING_TEXT } from '../../features/duel/duel-texts';
import type { Reconnecting } from '../../features/duel/use-reconnecting';
import styles from './reconnecting-banner.module.css';

export function ReconnectingBanner({ reconnecting }: { readonly reconnecting: Reconnecting }) {
  return (
    <div role="status" aria-live="polite" className={reconnecting.active ? styles.strip : 'visually-hidden'}>
      {reconnecting.active && (
        <div className={styles.notice}>
          <span className={styles.spinner} aria-hidden="true" />
          <p className={styles.title}>{RECONNECTING_TEXT}</p>
          {reconnecting.slow && <p className={styles.hint}>{RECONNECTING_SLOW_TEXT}</p>}
        </div>
      )}
    </div>
  );
}
