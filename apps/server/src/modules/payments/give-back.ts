// Giving back a payment the ledger holds as refund_due (late, sold out, never verified), through
// the ledger's exactly-once transfer keyed 'refund:<paymentId>' to the payer's wallet as the
// database has it. A transfer not settled within the ledger's wait is left to its sweep.
import { type Ledger, PayoutPending } from '../ledger';

/** The refund's signature, or null while it is in flight (the ledger's recovery loop finishes it). */
export async function refundNow(ledger: Pick<Ledger, 'findPayment' | 'refundPayment'>, paymentId: string): Promise<string | null> {
  const credited = await ledger.findPayment(paymentId);
  if (!credited) return null;
  try {
    return (await ledger.refundPayment(credited)).signature;
  } catch (error) {
    if (error instanceof PayoutPending) return null;
    throw error;
  }
}
