// The game-over popup: the winner and how the duel ended; Claim Reward for the winner of a staked game (idle,
// pending, success with the amount and an explorer link, error with retry) and the payout
// preview; Play Again / New Game; share on social; the fairness commitment, seed and Verify.
import type { EndReason } from '@duel-dojo/protocol';
import { formatBalance, payoutPreview, toLamports } from '@duel-dojo/rules';
import { FairnessPanel } from '../../components/fairness-panel/fairness-panel';
import { Modal } from '../../components/modal/modal';
import { type BattleView, OUTCOME_TITLE, outcomeText } from '../../features/duel/battle-view';
import { endReasonText } from '../../features/duel/end-reason-text';
import type { RequestState } from '../../features/duel/request-state';
import type { FairnessResult } from '../../features/duel/use-fairness-verify';
import type { Claimed } from '../../features/duel/use-game-requests';
import own from './game-over-popup.module.css';
import styles from './popups.module.css';

export interface GameOverPopupProps {
  readonly open: boolean;
  readonly view: BattleView;
  /** How the game ended (gameState's endReason); null while unknown. */
  readonly endReason?: EndReason | null;
  readonly claim: RequestState<Claimed>;
  onClaim(): void;
  readonly explorerUrl: (signature: string) => string | null;
  onPlayAgain(): void;
  onNewGame(): void;
  readonly shareUrl: string;
  readonly fairness: { readonly commitment: string; readonly serverSeed: string | null; readonly clientSeeds?: { readonly player1: string; readonly player2: string } | null };
  readonly verify: { readonly result: FairnessResult | null; onVerify(): void };
  /** Rematch (docs/rematch.md): absent when the game has none (the bot, a guest, a tournament match). */
  readonly rematch?: RematchProps | null;
}

export interface RematchProps {
  /** Still within the window: the button is offered. */
  readonly open: boolean;
  /** The opponent asked: who, and the seconds left to accept. */
  readonly offer: { readonly from: string; readonly secondsLeft: number } | null;
  /** The stake each pays again, as shown ("0.0333 SOL"); null for a free duel. */
  readonly stake: string | null;
  onRematch(): void;
}

function RematchOffer({ rematch }: { readonly rematch: RematchProps }) {
  if (!rematch.open) return null;
  const again = rematch.stake ? ` Each pays ${rematch.stake} again.` : '';
  return (
    <div className={own.rematch}>
      {rematch.offer ? (
        <p role="status">
          {rematch.offer.from} asks for a rematch ({rematch.offer.secondsLeft} s left).{again}
        </p>
      ) : (
        <p className="muted">Same opponent, same stake: a rematch starts when you both ask within 30 s.{again}</p>
      )}
      <button type="button" className="btn btn-gold" onClick={rematch.onRematch}>
        {rematch.offer ? 'Accept rematch' : 'Rematch'}
      </button>
    </div>
  );
}

function Prize({ view, claim, onClaim, explorerUrl }: Pick<GameOverPopupProps, 'view' | 'claim' | 'onClaim' | 'explorerUrl'>) {
  if (!view.paid) return null;
  const preview = payoutPreview(toLamports(view.stakeLamports));
  if (view.outcome === 'draw') return <p className={`${styles.prize} muted`}>A draw: each stake is refunded.</p>;
  if (view.outcome !== 'won') return <p className={`${styles.prize} muted`}>The winner takes {preview}.</p>;
  const link = claim.status === 'success' && claim.value.transactionSignature ? explorerUrl(claim.value.transactionSignature) : null;
  return (
    <div className={styles.prize}>
      <p>Your reward</p>
      <p className={styles.amount}>{claim.status === 'success' && claim.value.amount !== null ? `${formatBalance(claim.value.amount)} SOL` : preview}</p>
      {claim.status === 'success' ? (
        <>
          <p className={styles.success} role="status">
            {claim.value.message}
          </p>
          {link && (
            <a href={link} target="_blank" rel="noopener noreferrer">
              View the payout on the explorer
            </a>
          )}
        </>
      ) : (
        <>
          {claim.status === 'error' && (
            <p className={styles.error} role="alert">
              {claim.message}
            </p>
          )}
          <button type="button" className="btn btn-gold" onClick={onClaim} disabled={claim.status === 'pending'}>
            {claim.status === 'pending' ? 'Claiming…' : claim.status === 'error' ? 'Retry Claim' : 'Claim Reward'}
          </button>
        </>
      )}
    </div>
  );
}

export function GameOverPopup(props: GameOverPopupProps) {
  const { view } = props;
  const outcome = view.outcome ?? 'draw';
  const how = props.endReason ? endReasonText(props.endReason, outcome, view.opponent.name) : null;
  // A draw's reason says it all; "both fell together" would be wrong for a game settled unplayed.
  const what = how && outcome === 'draw' ? null : outcomeText(outcome, view.opponent.name);
  return (
    <Modal open={props.open} title={OUTCOME_TITLE[outcome]} tone={outcome === 'won' ? 'success' : outcome === 'lost' ? 'danger' : 'default'}>
      {how && <p className={own.endReason}>{how}</p>}
      {what && <p className={styles.outcome}>{what}</p>}
      <p className={styles.healths}>
        <span>You: {view.me.health} HP</span>
        <span>
          {view.opponent.name}: {view.opponent.health} HP
        </span>
      </p>
      <Prize view={view} claim={props.claim} onClaim={props.onClaim} explorerUrl={props.explorerUrl} />
      {props.rematch && <RematchOffer rematch={props.rematch} />}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={props.onPlayAgain} data-autofocus>
          Play Again
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onNewGame}>
          New Game
        </button>
        <a className="btn btn-ghost" href={props.shareUrl} target="_blank" rel="noopener noreferrer">
          Share on X
        </a>
      </div>
      <FairnessPanel commitment={props.fairness.commitment} serverSeed={props.fairness.serverSeed} clientSeeds={props.fairness.clientSeeds} onVerify={props.verify.onVerify} result={props.verify.result} />
    </Modal>
  );
}
