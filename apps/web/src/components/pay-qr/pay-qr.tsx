// A payment request as a Solana Pay QR code, shown while the connected wallet is asked: the player
// may instead scan it with a phone wallet, and the app notices the payment by its reference. When
// the wallet's prompt was rejected or closed the code stays, with a way to ask the wallet again
// (or to give up). The QR library loads only when a code is shown.
import { Suspense, lazy } from 'react';
import styles from './pay-qr.module.css';

const QrCode = lazy(() => import('../qr-code/qr-code').then((module) => ({ default: module.QrCode })));

/** What the panel says while both ways to pay are open. */
export const PAY_EITHER_WAY_TEXT = 'Scan with a phone wallet, or pay with your connected wallet';

/** The connected wallet's side: asked (open), checking the request first, closed, or paid (sent). */
export interface PayQrWallet {
  readonly prompt: 'open' | 'checking' | 'closed' | 'sent';
  onPay(): void;
  onCancel(): void;
}

export interface PayQrProps {
  /** The `solana:` transfer request URL (features/solana-pay/transfer-request-url.ts). */
  readonly url: string;
  /** What is paid, for the code's accessible name. */
  readonly description: string;
  /** A transfer that named the request but could not pay it (being given back), or another notice. */
  readonly refusal?: string | null;
  /** The connected wallet's prompt, when the panel offers to ask it again. */
  readonly wallet?: PayQrWallet | null;
  readonly size?: number;
}

function WalletActions({ wallet }: { readonly wallet: PayQrWallet }) {
  if (wallet.prompt === 'open') return <p className="muted">Waiting for your connected wallet…</p>;
  if (wallet.prompt === 'sent') return <p className="muted">Your connected wallet sent the transfer.</p>;
  return (
    <div className={styles.actions}>
      <button type="button" className="btn btn-ghost" onClick={wallet.onCancel} disabled={wallet.prompt === 'checking'}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" onClick={wallet.onPay} disabled={wallet.prompt === 'checking'}>
        {wallet.prompt === 'checking' ? 'Checking the request…' : 'Pay with connected wallet'}
      </button>
    </div>
  );
}

export function PayQr({ url, description, refusal = null, wallet = null, size = 160 }: PayQrProps) {
  const label = `Solana Pay QR code: ${description}`;
  return (
    <section className={styles.panel} aria-label="Pay from a phone wallet">
      <Suspense fallback={<span className={styles.placeholder} style={{ width: size, height: size }} role="img" aria-label={label} />}>
        <QrCode value={url} label={label} size={size} />
      </Suspense>
      <div className={styles.text}>
        <p className={styles.title}>{wallet ? PAY_EITHER_WAY_TEXT : 'Or pay from your phone'}</p>
        <p className="muted">Scan with a Solana wallet app. This page sees the payment by itself; nothing to paste.</p>
        <a className={styles.open} href={url}>
          Open in a wallet app
        </a>
        {refusal && (
          <p className={styles.refusal} role="status">
            {refusal}
          </p>
        )}
        {wallet && <WalletActions wallet={wallet} />}
      </div>
    </section>
  );
}
