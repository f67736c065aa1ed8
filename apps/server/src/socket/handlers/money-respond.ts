// Shared by the money handlers: the modules they call. How a module's refusal becomes the
// failure fields of a result event is refusals.ts (refusalOf).
import type { Ledger } from '../../modules/ledger';
import type { Payments } from '../../modules/payments';

export interface MoneyDeps {
  readonly payments: Payments;
  readonly ledger: Pick<Ledger, 'claimReward'>;
}
