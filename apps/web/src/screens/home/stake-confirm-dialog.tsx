// The stake of a duel confirmed before the wallet is asked: Play, Play Again and a staked invite
// all stop here. Confirm hands back the lamports shown; the payment refuses any other amount.
import { MoneyConfirmDialog } from '../../components/money-confirm/money-confirm-dialog';
import { useAppConfig } from '../../features/config/use-app-config';
import { DRAW_NOTE, PRICE_LOADING, solLabel, stakeAmounts, stakeSummary } from '../../features/duel/stake-amounts';
import type { JoinRequest } from '../../features/duel/use-join';

export interface StakeConfirmDialogProps {
  /** The join waiting for the player's word; null: no dialog. */
  readonly request: JoinRequest | null;
  onConfirm(lamports: bigint): void;
  onCancel(): void;
}

/** "kenji invites you to a 5$ duel", "A 5$ rematch against kenji" or "A 5$ duel". */
export function stakeSubject(request: Pick<JoinRequest, 'betAmount' | 'inviteCode' | 'inviterName' | 'rematchOf' | 'opponentName'>): string {
  if (request.rematchOf) return `A ${request.betAmount} rematch against ${request.opponentName ?? 'your opponent'}`;
  if (!request.inviteCode) return `A ${request.betAmount} duel`;
  return `${request.inviterName ?? 'A player'} invites you to a ${request.betAmount} duel`;
}

export function StakeConfirmDialog({ request, onConfirm, onCancel }: StakeConfirmDialogProps) {
  const price = useAppConfig().data?.solUsdPrice;
  if (!request) return null;
  const amounts = stakeAmounts(request.betAmount, price);
  return (
    <MoneyConfirmDialog
      open
      title="Confirm your stake"
      subject={stakeSubject(request)}
      lines={
        amounts
          ? [
              { label: 'Leaves your wallet', value: solLabel(amounts.stake) },
              { label: 'Back to you if you win', value: solLabel(amounts.payout) },
            ]
          : []
      }
      summary={amounts ? stakeSummary(amounts) : ''}
      notes={[DRAW_NOTE]}
      confirmLabel={amounts ? `Pay ${solLabel(amounts.stake)} & Fight` : 'Pay & Fight'}
      unavailable={amounts ? null : PRICE_LOADING}
      onConfirm={() => amounts && onConfirm(amounts.stake)}
      onCancel={onCancel}
    />
  );
}
