// The Solana Pay panel of a payment request in progress: its QR code and link, what the live
// session says (the wallet's prompt closed, a transfer going back, already paid) and, once the
// wallet's prompt was closed, the way to ask the wallet again or to give up.
import { PayQr } from '../../components/pay-qr/pay-qr';
import { useLiveSession } from './session-views';
import { transferRequestUrl } from './transfer-request-url';

export interface SolanaPayPanelProps {
  readonly transfer: { readonly recipientWallet: string; readonly lamports: bigint; readonly reference: string };
  /** What is paid: the wallet app's message and the code's accessible name. */
  readonly description: string;
  /** A notice of the flow itself, shown when the session has none. */
  readonly refusal?: string | null;
}

export function SolanaPayPanel({ transfer, description, refusal = null }: SolanaPayPanelProps) {
  const live = useLiveSession(transfer.reference);
  const url = transferRequestUrl({ recipient: transfer.recipientWallet, lamports: transfer.lamports, reference: transfer.reference, label: 'Duel Dojo', message: description });
  const wallet = live ? { prompt: live.view.wallet, onPay: live.retryWallet, onCancel: live.cancel } : null;
  return <PayQr url={url} description={description} refusal={live?.view.notice ?? refusal} wallet={wallet} />;
}
