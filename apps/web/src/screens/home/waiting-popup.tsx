// The waiting popup: waiting text, players online and active games, the invite link with
// "Copied!" / "Failed to copy", Play with Bot (free games), Cancel or "Cancel & Get Refund". A
// called tournament match waits for its opponent only: the opponent, the no-show deadline, and
// neither bot nor Cancel (tournament-waiting.tsx).
import type { TournamentMatchInfo } from '@duel-dojo/protocol';
import { useState } from 'react';
import { CopyButton } from '../../components/copy-button/copy-button';
import { Modal } from '../../components/modal/modal';
import { LoadingState } from '../../components/status/status';
import type { RequestState } from '../../features/duel/request-state';
import type { Cancelled } from '../../features/duel/use-game-requests';
import type { GameStats } from '../../features/duel/use-game-stats';
import styles from './popups.module.css';
import { TournamentDecided, TournamentWaiting } from './tournament-waiting';

export interface WaitingPopupProps {
  readonly open: boolean;
  readonly paid: boolean;
  readonly stats: GameStats | null;
  readonly inviteLink: string | null;
  readonly copyState: 'idle' | 'copied' | 'failed';
  onCopy(): void;
  readonly bot: RequestState<true>;
  onBot(): void;
  readonly cancel: RequestState<Cancelled>;
  onCancel(): void;
  onHome(): void;
  /** A reserved tournament duel waits for its opponent only: no bot (the server refuses it). */
  readonly botAllowed: boolean;
  /**
   * The called match of a reserved duel (gameState `tournament`, once the server sends it).
   * Without it, a free waiting game that offers no invite is taken for one, and its match is the
   * call this tab followed (match-call-store.ts).
   */
  readonly tournament?: TournamentMatchInfo | null;
  /** The explorer link of a refund. */
  readonly refundUrl: string | null;
}

function CancelledView({ paid, value, refundUrl, onHome }: { readonly paid: boolean; readonly value: Cancelled; readonly refundUrl: string | null; readonly onHome: () => void }) {
  return (
    <div className={styles.center}>
      <p className={styles.success} role="status">
        {value.message}
      </p>
      {paid && refundUrl && (
        <p>
          Your stake was refunded.{' '}
          <a href={refundUrl} target="_blank" rel="noopener noreferrer">
            View the refund on the explorer
          </a>
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onHome} data-autofocus>
          Back to Home
        </button>
      </div>
    </div>
  );
}

/**
 * The called match shown, if this waiting game is one: the server's word first, else the guess.
 * Kept once seen, so the cancelled view at the deadline still knows whose match it was.
 */
function useTournamentMatch(props: WaitingPopupProps): { reserved: boolean; match: TournamentMatchInfo | null } {
  const waiting = props.open && props.cancel.status !== 'success';
  // Only the server's word: a rematch also waits with no invite and no bot, for its one opponent.
  const reserved = waiting && props.tournament != null;
  // Only while the popup is open: a started match still carries its call, and must not be kept.
  const guess = props.open ? (props.tournament ?? null) : null;
  const key = guess ? `${guess.tournamentId}:${guess.matchId}:${guess.deadline ?? ''}` : null;
  const [kept, setKept] = useState<{ readonly key: string; readonly match: TournamentMatchInfo } | null>(null);
  // Derived from the renders before: a new match is kept, a closed popup forgets it.
  if (guess && key !== null && kept?.key !== key) setKept({ key, match: guess });
  if (!props.open && kept !== null) setKept(null);
  return { reserved, match: props.open ? (guess ?? kept?.match ?? null) : null };
}

export function WaitingPopup(props: WaitingPopupProps) {
  const { paid, stats, inviteLink, bot, cancel } = props;
  const cancelLabel = paid ? 'Cancel & Get Refund' : 'Cancel';
  const { reserved, match } = useTournamentMatch(props);
  const cancelled = cancel.status === 'success';
  if (reserved || (cancelled && match)) {
    return (
      <Modal open={props.open} title="Tournament match" size="small">
        {cancelled && match ? <TournamentDecided match={match} onHome={props.onHome} /> : <TournamentWaiting match={match} />}
      </Modal>
    );
  }
  return (
    <Modal open={props.open} title={cancelled ? 'Game cancelled' : 'Waiting for an opponent'} size="small">
      {cancel.status === 'success' ? (
        <CancelledView paid={paid} value={cancel.value} refundUrl={props.refundUrl} onHome={props.onHome} />
      ) : (
        <>
          <LoadingState label="Waiting for an opponent to join…" />
          <p className={styles.stats} aria-live="polite">
            <span>
              <strong>{stats?.onlinePlayers ?? '–'}</strong> {stats?.onlinePlayers === 1 ? 'player' : 'players'} online
            </span>
            <span>
              <strong>{stats?.activeGames ?? '–'}</strong> active {stats?.activeGames === 1 ? 'game' : 'games'}
            </span>
          </p>
          {inviteLink && (
            <div className={styles.invite}>
              <span className={styles.inviteLink} title={inviteLink}>
                {inviteLink}
              </span>
              <CopyButton label="Copy invite link" state={props.copyState} onCopy={props.onCopy} />
            </div>
          )}
          {bot.status === 'error' && (
            <p className={styles.error} role="alert">
              {bot.message}
            </p>
          )}
          {cancel.status === 'error' && (
            <p className={styles.error} role="alert">
              {cancel.message}
            </p>
          )}
          <div className="actions">
            {!paid && props.botAllowed && (
              <button type="button" className="btn btn-gold" onClick={props.onBot} disabled={bot.status === 'pending' || cancel.status === 'pending'}>
                {bot.status === 'pending' ? 'Adding the bot…' : 'Play with Bot'}
              </button>
            )}
            <button type="button" className="btn btn-ghost" onClick={props.onCancel} disabled={cancel.status === 'pending'}>
              {cancel.status === 'pending' ? (paid ? 'Refunding…' : 'Cancelling…') : cancel.status === 'error' ? `Retry: ${cancelLabel}` : cancelLabel}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
