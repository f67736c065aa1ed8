// Give-backs (docs/money.md: nothing is kept silently): lamports the
// treasury received but does not keep — a refused transfer that named one of our references
// (refused_in), or what an accepted payment brought above its amount (excess_in) — go back whole
// to the wallet that sent them, through the exactly-once transfer (pay-out.ts) keyed
// 'give_back:<the owed row's key>'. The treasury pays the give-back's fee. The recovery loop gives
// back whatever is still owed, so a crash or a chain outage delays a give-back, never loses it.
import { PayoutPending } from './errors';
import type { Logger, PayOut, PayOutResult } from './pay-out';
import type { LedgerStore, OwedRow } from './ports';

/** The owed row of a refused transfer, by its signature. */
export const refusedKey = (signature: string) => `refused_in:${signature}`;
/** The owed row of an accepted payment's excess, by the payment. */
export const excessKey = (paymentId: string) => `excess_in:${paymentId}`;
export const giveBackKey = (owedKey: string) => `give_back:${owedKey}`;

const SWEEP_BATCH = 50;

export function createGiveBacks(deps: { store: LedgerStore; payOut: PayOut; log: Logger }) {
  const { store, payOut, log } = deps;

  function giveBack(owed: OwedRow): Promise<PayOutResult> {
    return payOut.payOut({ idempotencyKey: giveBackKey(owed.idempotencyKey), kind: 'give_back', wallet: owed.wallet, amount: owed.amount, paymentId: owed.paymentId });
  }

  return {
    /**
     * Gives back the owed row under `owedKey` now: its signature, or null while the transfer is in
     * flight (the recovery loop finishes it) or nothing is owed under that key.
     */
    async giveBackNow(owedKey: string): Promise<string | null> {
      const owed = await store.findOwed(owedKey);
      if (!owed) return null;
      try {
        return (await giveBack(owed)).signature;
      } catch (error) {
        if (error instanceof PayoutPending) return null;
        throw error;
      }
    },

    /** Every owed row without a give-back yet (a give-back in flight is resumed with the unsettled transfers). */
    async sweep(): Promise<{ given: number; pending: number }> {
      let given = 0;
      let pending = 0;
      for (const owed of await store.owedWithoutGiveBack(SWEEP_BATCH)) {
        try {
          await giveBack(owed);
          given += 1;
        } catch (error) {
          pending += 1;
          if (!(error instanceof PayoutPending)) log.error({ key: owed.idempotencyKey, err: String(error) }, 'give-back failed');
        }
      }
      return { given, pending };
    },
  };
}

export type GiveBacks = ReturnType<typeof createGiveBacks>;
