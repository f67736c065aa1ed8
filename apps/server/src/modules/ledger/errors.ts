// The ledger's answers that are not a transfer: a caller maps them to the player's message.

/**
 * The transfer is written but not settled yet (RPC down, treasury short, confirmation slow):
 * the row stays pending and a later call, or the background resumer, finishes it. Retryable.
 */
export class PayoutPending extends Error {
  constructor(
    readonly idempotencyKey: string,
    readonly signature: string | null,
    options?: { cause?: unknown },
  ) {
    super(`transfer ${idempotencyKey} is pending`, options);
    this.name = 'PayoutPending';
  }
}

/** The money state forbids this transfer (not due, already refunded, paid…). Not retryable. */
export class PayoutRefused extends Error {
  constructor(readonly reason: string) {
    super(`transfer refused: ${reason}`);
    this.name = 'PayoutRefused';
  }
}

/** Fault injection for the kill tests (SECURITY.md 15): where the process may be made to die. */
export type CrashPoint = 'after-ledger-write' | 'after-send';
