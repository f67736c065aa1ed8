// The ledger's answers that are not a transfer: refusals of the server's one model (AppError,
// docs/architecture.md "Errors"), kept as classes so the ledger's own callers can tell a retry
// from a no. A caller answering a player maps them to the words of its call (claims.ts).
import { AppError } from '../../errors';

/**
 * The transfer is written but not settled yet (RPC down, treasury short, confirmation slow):
 * the row stays pending and a later call, or the background resumer, finishes it. Retryable.
 */
export class PayoutPending extends AppError<'PAYOUT_PENDING'> {
  constructor(
    readonly idempotencyKey: string,
    readonly signature: string | null,
    options?: { cause?: unknown },
  ) {
    super('PAYOUT_PENDING', { idempotencyKey, signature }, { detail: `transfer ${idempotencyKey} is pending`, cause: options?.cause });
    this.name = 'PayoutPending';
  }
}

/** The money state forbids this transfer (not due, already refunded, paid…). Not retryable. */
export class PayoutRefused extends AppError<'TRANSFER_NOT_DUE'> {
  constructor(readonly reason: string) {
    super('TRANSFER_NOT_DUE', { reason }, { detail: `transfer refused: ${reason}` });
    this.name = 'PayoutRefused';
  }
}

/** Fault injection for the kill tests (docs/security.md 15): where the process may be made to die. */
export type CrashPoint = 'after-ledger-write' | 'after-send';
