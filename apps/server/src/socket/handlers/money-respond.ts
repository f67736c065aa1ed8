// Shared by the money handlers: the modules they call, and how a module's refusal (an AppError
// with a catalogue code) becomes the failure fields of a result event.
import { ERROR_MESSAGES, type ErrorCode } from '@duel-dojo/protocol';
import { AppError } from '../../errors';
import type { Ledger } from '../../modules/ledger';
import type { Payments } from '../../modules/payments';

export interface MoneyDeps {
  readonly payments: Payments;
  readonly ledger: Pick<Ledger, 'claimReward'>;
}

const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && Object.hasOwn(ERROR_MESSAGES, code);

/** {message, code} of a refusal the player may see; null for anything unexpected (rethrow it). */
export function refusalOf(error: unknown): { message: string; code?: ErrorCode } | null {
  if (!(error instanceof AppError)) return null;
  return isErrorCode(error.code) ? { message: error.message, code: error.code } : { message: error.message };
}

/** The refusal for an unexpected fault: logged by the caller, shown as the catalogue's generic text. */
export const internal = { message: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' as const };
