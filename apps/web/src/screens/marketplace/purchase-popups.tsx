// The processing popup (with the purchase's Solana Pay QR code beside the wallet's prompt), the
// "Transaction Not Found" popup (Retry Verification, Cancel, explorer link with the cluster) and
// the result alert of a purchase.
import { MARKETPLACE_CHARACTERS } from '@duel-dojo/rules';
import { AlertDialog } from '../../components/modal/alert-dialog';
import { Modal } from '../../components/modal/modal';
import { LoadingState } from '../../components/status/status';
import { explorerTransactionUrl } from '../../features/config/explorer';
import { useAppConfig } from '../../features/config/use-app-config';
import { PROCESSING_TEXT, isProcessing } from '../../features/marketplace/purchase-state';
import type { Purchase } from '../../features/marketplace/use-purchase';
import { SolanaPayPanel } from '../../features/solana-pay/solana-pay-panel';
import { useProgressLabel } from '../../features/solana-pay/session-views';

export function PurchasePopups({ purchase }: { readonly purchase: Purchase }) {
  const { state } = purchase;
  const config = useAppConfig().data;
  const explorer = state.signature && config ? explorerTransactionUrl(state.signature, config.cluster, config.rpcUrl) : null;
  const label = useProgressLabel(state.transfer?.reference ?? null, isProcessing(state.phase) ? PROCESSING_TEXT[state.phase as keyof typeof PROCESSING_TEXT] : '');
  const name = MARKETPLACE_CHARACTERS.find((item) => item.id === state.characterId)?.name ?? 'a character';
  return (
    <>
      <Modal open={isProcessing(state.phase)} title="Processing Purchase" size="small">
        <LoadingState label={label} />
        <p className="muted">A transaction usually confirms in 5–15 seconds. Keep this page open.</p>
        {state.phase === 'signing' && state.transfer && <SolanaPayPanel transfer={state.transfer} description={`Purchase of ${name}`} />}
      </Modal>
      <Modal open={state.phase === 'not-found'} title="Transaction Not Found" size="small" tone="danger" onClose={purchase.reset}>
        <p>Your transaction was sent but the verification could not find it yet. It may still be confirming.</p>
        {explorer && (
          <p>
            <a href={explorer} target="_blank" rel="noopener noreferrer">
              View the transaction on the explorer
            </a>
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={purchase.reset}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void purchase.retryVerification()} data-autofocus>
            Retry Verification
          </button>
        </div>
      </Modal>
      <AlertDialog
        open={state.phase === 'succeeded' || state.phase === 'failed'}
        title={state.phase === 'succeeded' ? 'Purchase complete' : 'Purchase failed'}
        message={state.message ?? ''}
        tone={state.phase === 'succeeded' ? 'success' : 'danger'}
        onClose={purchase.reset}
      />
    </>
  );
}
