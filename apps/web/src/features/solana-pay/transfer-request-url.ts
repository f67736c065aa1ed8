// A Solana Pay transfer request (https://docs.solanapay.com/spec): what a phone wallet reads from
// the QR code to pay a payment request the way the connected wallet would — the recipient, the
// amount in SOL, the request's reference key and a label and message for the wallet to show.
// Built here rather than with @solana/pay's encodeURL: that package pulls its own @solana/* 6.x
// into an app on kit 7, for one string the Solana Pay format fixes.
import { SOL_DECIMALS, formatSol } from '@duel-dojo/rules';

export interface TransferRequest {
  /** The treasury, base58. */
  readonly recipient: string;
  readonly lamports: bigint;
  /** The payment request's reference key: how the server finds the transfer. */
  readonly reference: string;
  readonly label: string;
  readonly message: string;
}

/** Lamports as Solana Pay's decimal SOL amount: integers only, no exponent, no trailing zeros. */
export function solDecimal(lamports: bigint): string {
  if (lamports < 0n) throw new RangeError('a transfer request pays a positive amount');
  // Every decimal a lamport has, then none the format does not want.
  return formatSol(lamports, SOL_DECIMALS).replace(/\.?0+$/, '');
}

/** `solana:<recipient>?amount=…&reference=…&label=…&message=…`, each value percent-encoded. */
export function transferRequestUrl(request: TransferRequest): string {
  const query = [
    ['amount', solDecimal(request.lamports)],
    ['reference', request.reference],
    ['label', request.label],
    ['message', request.message],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`)
    .join('&');
  return `solana:${request.recipient}?${query}`;
}
