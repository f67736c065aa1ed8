// The announcement at the start of every sudden-death round: from then on nobody heals and both
// fighters lose more HP each round, which decides games, so it must not pass unnoticed.
import { isSuddenDeath } from '@duel-dojo/rules';
import { useEffect, useState } from 'react';
import styles from './sudden-death-banner.module.css';
import { SUDDEN_DEATH_TITLE, suddenDeathAnnouncement } from './sudden-death-text';

/** Long enough to read, short enough to leave most of the 10 s round to the fight. */
export const SUDDEN_DEATH_BANNER_MS = 3_000;

/** The sudden-death round to announce now: set when such a round starts, for SUDDEN_DEATH_BANNER_MS. */
export function useSuddenDeathAnnouncement(round: number, running: boolean): number | null {
  const due = running && isSuddenDeath(round) ? round : null;
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (due === null) return undefined;
    setShown(due);
    const timer = setTimeout(() => setShown(null), SUDDEN_DEATH_BANNER_MS);
    return () => clearTimeout(timer);
  }, [due]);
  // The round closed early (both acted): the announcement goes with it.
  return shown !== null && shown === due ? shown : null;
}

export function SuddenDeathBanner({ round, animated }: { readonly round: number | null; readonly animated: boolean }) {
  const text = round === null ? null : suddenDeathAnnouncement(round);
  if (!text) return null;
  return (
    <div key={round} role="status" aria-label={SUDDEN_DEATH_TITLE} className={`${styles.banner} ${animated ? styles.animated : ''}`} style={{ '--banner-ms': `${SUDDEN_DEATH_BANNER_MS}ms` } as React.CSSProperties}>
      <p className={styles.title}>{SUDDEN_DEATH_TITLE}!</p>
      <p className={styles.text}>{text}</p>
    </div>
  );
}
