// The entry fee of a paid tournament, confirmed before the wallet is asked to pay (what leaves
// the wallet, what can come back, the refunds), then the progress ("Waiting for wallet…",
// "Confirming payment…") while the join cannot be left, with the entry's Solana Pay QR code beside
// the wallet's prompt. The outcome is shown in the screen's join notice once the dialog closes.
import { LoadingState } from '../../components/status/status';
import { Modal } from '../../components/modal/modal';
import { MoneyConfirmDialog } from '../../components/money-confirm/money-confirm-dialog';
import { ENTRY_REFUND_NOTE, entryFeeLabel, entrySummary, topPrizeText } from '../../features/tournaments/entry-fee';
import { PAID_JOIN_STEP_TEXT } from '../../features/tournaments/paid-join-flow';
import type { PaidJoinState } from '../../features/tournaments/use-paid-join';
import { SolanaPayPanel } from '../../features/solana-pay/solana-pay-panel';
import { useProgressLabel } from '../../features/solana-pay/session-views';

export interface PaidJoinDialogProps {
  readonly state: PaidJoinState;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function PaidJoinDialog({ state, onConfirm, onCancel }: PaidJoinDialogProps) {
  const { phase, tournament } = state;
  const label = useProgressLabel(state.transfer?.reference ?? null, phase === 'idle' || phase === 'confirm' ? '' : PAID_JOIN_STEP_TEXT[phase]);
  if (phase === 'idle' || !tournament) return null;
  const fee = entryFeeLabel(tournament);
  if (phase !== 'confirm') {
    return (
      <Modal open title="Paying the entry fee" size="small">
        <LoadingState label={label} />
        <p className="muted">
          {fee} for {tournament.name}. A transaction typically takes 5–15 seconds. Keep this page open.
        </p>
        {phase === 'signing' && state.transfer && <SolanaPayPanel transfer={state.transfer} description={`Entry fee of ${tournament.name}`} />}
      </Modal>
    );
  }
  return (
    <MoneyConfirmDialog
      open
      title="Pay the entry fee"
      subject={tournament.name}
      lines={[
        { label: 'Leaves your wallet', value: fee },
        { label: `1st prize with ${tournament.maxParticipants} players`, value: topPrizeText(tournament) },
      ]}
      summary={entrySummary(tournament)}
      notes={[ENTRY_REFUND_NOTE]}
      confirmLabel={`Pay ${fee} & Join`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
