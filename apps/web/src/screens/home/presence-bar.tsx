// The battle screen's strip above the moves (docs/leaving-a-game.md): this player's link to the
// server, the opponent's connection (with the time since it dropped) and "locked in" for the
// round, Resign (confirmed first, with what it costs), and Claim victory once the opponent has
// been away for the claim delay. The server decides both; its refusal is shown as it says it.
import { CLAIM_VICTORY_AFTER_MS } from '@duel-dojo/rules';
import { useAppConfig } from '../../features/config/use-app-config';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal/modal';
import { LINK_TEXT, type LinkState, claimVictoryIn, opponentStatusText } from '../../features/duel/duel-texts';
import type { OpponentPresence } from '../../features/duel/duel-state';
import styles from './presence-bar.module.css';

export interface PresenceBarProps {
  readonly link: LinkState;
  readonly opponent: OpponentPresence | null;
  readonly opponentLockedIn: boolean;
  /** The game runs (intro, rounds, results): Resign and Claim are offered. */
  readonly running: boolean;
  /** The stake a resignation gives away, as shown ("0.0333 SOL"); null for a free game. */
  readonly stake: string | null;
  readonly offset: { readonly current: number };
  readonly refusal: string | null;
  onResign(): void;
  onClaimVictory(): void;
}

/** Re-renders every second while `active`, for the time since and the claim countdown. */
function useSecondTick(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, [active]);
}

export function PresenceBar({ link, opponent, opponentLockedIn, running, stake, offset, refusal, onResign, onClaimVictory }: PresenceBarProps) {
  const [confirming, setConfirming] = useState(false);
  const away = opponent !== null && !opponent.connected;
  useSecondTick(away);
  const serverNow = Date.now() + offset.current;
  const status = opponentStatusText(opponent, opponentLockedIn, serverNow);
  // The server's setting; the rules' default until the configuration has loaded.
  const claimAfterMs = useAppConfig().data?.claimVictoryAfterMs ?? CLAIM_VICTORY_AFTER_MS;
  const claimIn = running ? claimVictoryIn(opponent, serverNow, claimAfterMs) : null;

  return (
    <div className={styles.bar}>
      <p className={`${styles.link} ${styles[link]}`} role="status" aria-live="polite">
        <span className={styles.dot} aria-hidden="true" />
        {LINK_TEXT[link]}
      </p>
      {status && (
        <p className={`${styles.opponent} ${away ? styles.away : ''}`} aria-live="polite">
          {status}
        </p>
      )}
      {running && (
        <div className={styles.actions}>
          {claimIn !== null && (
            <button type="button" className="btn btn-primary btn-small" disabled={claimIn > 0} onClick={onClaimVictory} title={claimIn > 0 ? `Your opponent has been away; you may claim the victory in ${claimIn} s` : undefined}>
              {claimIn > 0 ? `Claim victory in ${claimIn} s` : 'Claim victory'}
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirming(true)}>
            Resign
          </button>
        </div>
      )}
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <Modal open={confirming} title="Resign this duel?" size="small" tone="danger" onClose={() => setConfirming(false)}>
        <p>Your opponent wins the duel at once{stake ? ` and receives the pot, your stake of ${stake} included` : ''}. This cannot be undone.</p>
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)} data-autofocus>
            Keep fighting
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setConfirming(false);
              onResign();
            }}
          >
            Resign
          </button>
        </div>
      </Modal>
    </div>
  );
}
