// Spec §2 game-over popup: the winner; Claim Reward for the winner of a staked game (idle,
// pending, success with the amount and an explorer link, error with retry) and the payout
// preview; Play Again / New Game; share on social; the fairness commitment, seed and Verify.
import { formatSol, payoutPreview, toLamports } from '@duel-dojo/rules';
import { FairnessPanel } from '../../components/fairness-panel/fairness-panel';
import { Modal } from '../../components/modal/modal';
import { type BattleView, OUTCOME_TITLE, outcomeText } from '../../features/duel/battle-view';
import type { RequestState } from '../../features/duel/request-state';
import type { FairnessResult } from '../../features/duel/use-fairness-verify';
import type { Claimed } from '../../features/duel/use-game-requests';
import styles from './popups.module.css';

export interface GameOverPopupProps {
  readonly open: boolean;
  readonly view: BattleView;
  readonly claim: RequestState<Claimed>;
  onClaim(): void;
  readonly explorerUrl: (signature: string) => string | null;
  onPlayAgain(): void;
  onNewGame(): void;
  readonly shareUrl: string;
  readonly fairness: { readonly commitment: string; readonly serverSeed: string | null };
  readonly verify: { readonly result: FairnessResult | null; onVerify(): void };
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
      <p className={styles.amount}>{claim.status === 'success' && claim.value.amount !== null ? `${formatSol(claim.value.amount, 4)} SOL` : preview}</p>
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
  return (
    <Modal open={props.open} title={OUTCOME_TITLE[outcome]} tone={outcome === 'won' ? 'success' : outcome === 'lost' ? 'danger' : 'default'}>
      <p className={styles.outcome}>{outcomeText(outcome, view.opponent.name)}</p>
      <p className={styles.healths}>
        <span>You: {view.me.health} HP</span>
        <span>
          {view.opponent.name}: {view.opponent.health} HP
        </span>
      </p>
      <Prize view={view} claim={props.claim} onClaim={props.onClaim} explorerUrl={props.explorerUrl} />
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
      <FairnessPanel commitment={props.fairness.commitment} serverSeed={props.fairness.serverSeed} onVerify={props.verify.onVerify} result={props.verify.result} />
    </Modal>
  );
}
