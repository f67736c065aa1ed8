// Paid entries (apps/server/README.md "Paid tournaments"): a paid tournament's seat is bought with a
// payment request for its fee (POST /api/tournaments/{id}/entry) and taken, with the payment
// verified on chain, in one database transaction (payments + ledger modules, TournamentMoney).
// The cheap checks run before any money moves; the same checks under the row lock decide; a
// seat refused after the money came in (full, closed…) is refunded and the player told so.
import { ERROR_MESSAGES, type ErrorCode, type TournamentEntryAnswer } from '@duel-dojo/protocol';
import { AppError } from '../../errors';
import type { Caller } from './registration';
import type { EntryOutcome, TournamentMoney, TournamentRecord } from './ports';

/** A catalogue text as a sentence, so the refund note can follow it. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const withRefundNote = (code: ErrorCode) => `${sentence(ERROR_MESSAGES[code])} ${ERROR_MESSAGES.PAYMENT_REFUNDING}`;
const REFUND_CODES: Record<string, ErrorCode> = {
  full: 'TOURNAMENT_FULL',
  closed: 'TOURNAMENT_CLOSED',
  already: 'TOURNAMENT_ALREADY_REGISTERED',
  'not-found': 'TOURNAMENT_NOT_FOUND',
  unknown_user: 'USER_NOT_FOUND',
  expired: 'PAYMENT_EXPIRED',
};

export const unavailable = () => new AppError('PAID_TOURNAMENTS_UNAVAILABLE');
export const feeRequired = () => new AppError('ENTRY_FEE_REQUIRED');
export const isFree = () => new AppError('TOURNAMENT_IS_FREE');

/** Why a seat cannot be bought right now, before the player pays anything; null when it can. */
export function seatRefusal(record: TournamentRecord, caller: Caller, now: number): AppError | null {
  if (record.participants.some((participant) => participant.userId === caller.userId)) return new AppError('TOURNAMENT_ALREADY_REGISTERED');
  if (record.status !== 'upcoming' || record.startDate.getTime() <= now) return new AppError('TOURNAMENT_CLOSED');
  if (record.participants.length >= record.maxParticipants) return new AppError('TOURNAMENT_FULL');
  return null;
}

export function createEntryFees(deps: { money: TournamentMoney | undefined; now: () => number }) {
  function money(): TournamentMoney {
    if (!deps.money) throw unavailable();
    return deps.money;
  }

  return {
    /** The payment terms of a paid tournament's seat. */
    async request(caller: Caller, record: TournamentRecord): Promise<TournamentEntryAnswer> {
      if (record.entryFeeLamports === 0n) throw isFree();
      const refusal = seatRefusal(record, caller, deps.now());
      if (refusal) throw refusal;
      const terms = await money().requestEntry({ wallet: caller.walletAddress, tournamentId: record.id, lamports: record.entryFeeLamports });
      return { success: true, tournamentId: record.tournamentId, ...terms };
    },

    /**
     * The seat bought with a paid entry: answers the transaction that paid it (the one found by
     * the payment's reference when no signature came); throws the refusal the player should see.
     */
    async pay(caller: Caller, record: TournamentRecord, request: { characterId: number | null; paymentId: string; signature?: string | undefined }): Promise<string> {
      const outcome: EntryOutcome = await money().payEntry({ wallet: caller.walletAddress, tournamentId: record.id, ...request });
      if (outcome.kind === 'joined') return outcome.signature;
      if (outcome.kind === 'refused') {
        // An unknown payment (or another player's) does not pay this seat: say so, not "Not found".
        const code = outcome.code === 'NOT_FOUND' ? 'PAYMENT_INVALID' : outcome.code;
        // Its lamports go back (a second payment of a paid entry, an underpayment): say so.
        const givenBack = outcome.givenBack === true;
        throw new AppError(code, { paymentId: request.paymentId, givenBack }, givenBack ? { shown: withRefundNote(code) } : {});
      }
      // The seat was refused after the money came in (context.refunding): it is on its way back.
      const code = REFUND_CODES[outcome.reason];
      // Asked again after the refusal: the first answer said why; this one says where the money is.
      if (!code) throw new AppError('PAYMENT_REFUNDING', { paymentId: request.paymentId, refunding: true });
      throw new AppError(code, { paymentId: request.paymentId, refunding: true, reason: outcome.reason }, { shown: withRefundNote(code) });
    },
  };
}
