// Tournament prizes: when a paid tournament completes, its placings carry each place's
// share of the pool (tournaments module). Each share is one ledger transfer keyed
// 'prize:<tournamentId>:<place>' to the placed player's wallet, read from the database; the
// store's guard checks the key's place against the placings, so a prize is paid once, to the
// right player, for the recorded amount. The tournaments module asks for a tournament's prizes
// as it completes; the recovery loop pays whatever is still due (a crash, a chain outage).
import { PayoutPending } from './errors';
import type { Logger, PayOut } from './pay-out';
import type { LedgerStore, PrizeDue } from './ports';

export const prizeKey = (tournamentId: string, place: number) => `prize:${tournamentId}:${place}`;

const BATCH = 50;

export function createPrizes(deps: { store: LedgerStore; payOut: PayOut; log: Logger }) {
  const { store, payOut, log } = deps;

  function pay(due: PrizeDue) {
    return payOut.payOut({
      idempotencyKey: prizeKey(due.tournamentId, due.place),
      kind: 'prize',
      wallet: due.wallet,
      amount: due.amount,
      prize: { tournamentId: due.tournamentId, place: due.place },
    });
  }

  /** Pays the prizes still due (of one tournament, or all); a failure waits for the next pass. */
  async function payDue(tournamentId: string | null): Promise<{ paid: number; pending: number }> {
    let paid = 0;
    let pending = 0;
    for (const due of await store.prizesDue(tournamentId, BATCH)) {
      try {
        await pay(due);
        paid += 1;
      } catch (error) {
        pending += 1;
        if (!(error instanceof PayoutPending)) log.error({ tournamentId: due.tournamentId, place: due.place, err: String(error) }, 'prize payout failed');
      }
    }
    return { paid, pending };
  }

  return { payDue };
}
