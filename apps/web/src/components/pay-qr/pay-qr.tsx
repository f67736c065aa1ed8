// A payment request as a Solana Pay QR code, shown while the connected wallet is asked: the player
// may instead scan it with a phone wallet, and the app notices the payment by its reference. The
// QR library loads only when a code is shown.
import { Suspense, lazy } from 'react';
import styles from './pay-qr.module.css';

const QrCode = lazy(() => import('../qr-code/qr-code').then((module) => ({ default: module.QrCode })));

export interface PayQrProps {
  /** The `solana:` transfer request URL (features/solana-pay/transfer-request-url.ts). */
  readonly url: string;
  /** What is paid, for the code's accessible name. */
  readonly description: string;
  /** A transfer that named the request but could not pay it (being given back). */
  readonly refusal?: string | null;
  readonly size?: number;
}

export function PayQr({ url, description, refusal = null, size = 160 }: PayQrProps) {
  const label = `Solana Pay QR code: ${description}`;
  return (
    <section className={styles.panel} aria-label="Pay from a phone wallet">
      <Suspense fallback={<span className={styles.placeholder} style={{ width: size, height: size }} role="img" aria-label={label} />}>
        <QrCode value={url} label={label} size={size} />
      </Suspense>
      <div className={styles.text}>
        <p className={styles.title}>Or pay from your phone</p>
        <p className="muted">Scan with a Solana wallet app. This page sees the payment by itself; nothing to paste.</p>
        <a className={styles.open} href={url}>
          Open in a wallet app
        </a>
        {refusal && (
          <p className={styles.refusal} role="status">
            {refusal}
          </p>
        )}
      </div>
    </section>
  );
}
