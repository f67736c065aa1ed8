import { AlertDialog } from '../../components/modal/alert-dialog';

export const CONNECT_WALLET_TEXT = 'Please connect your wallet first to play for a stake.';

/** A paid game needs a connected wallet. */
export function ConnectWalletAlert({ open, onClose, onLogin }: { readonly open: boolean; readonly onClose: () => void; readonly onLogin: () => void }) {
  return (
    <AlertDialog open={open} title="Connect your wallet" message={CONNECT_WALLET_TEXT} onClose={onClose}>
      <div className="actions">
        <button
          type="button"
          className="btn btn-gold"
          onClick={() => {
            onClose();
            onLogin();
          }}
        >
          Login
        </button>
      </div>
    </AlertDialog>
  );
}
