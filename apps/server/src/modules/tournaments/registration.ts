// Tournaments: create (the form's rules), list, detail, join (the protocol's error texts, which the
// client matches: "already registered", "full", "closed", "User not found"). A paid tournament's
// fee is read from its text (rules' parseEntryFee) and its seats are bought (entry-fees.ts).
import { randomBytes } from 'node:crypto';
import {
  type ParsedCreateTournamentBody,
  type ParsedTournamentListQuery,
  TOURNAMENT_START_DATE_PAST,
  type Tournament,
  type TournamentDetail,
  type TournamentEntryAnswer,
} from '@duel-dojo/protocol';
import { amountText, isFreeCharacter, isMarketplaceCharacter, parseEntryFee } from '@duel-dojo/rules';
import { AppError } from '../../errors';
import { readBracket } from './bracket-engine';
import { createEntryFees, feeRequired, isFree, unavailable } from './entry-fees';
import type { JoinResult, TournamentMoney, TournamentRecord, TournamentsStore } from './ports';
import { detailView, tournamentView } from './tournament-views';

/** Who calls: the bearer token's user, or null for an anonymous visitor. */
export interface Caller {
  readonly userId: string;
  readonly walletAddress: string;
}

export interface RegistrationDeps {
  readonly store: TournamentsStore;
  readonly now: () => number;
  /** The short public id; default 8 url-safe random characters. */
  readonly newTournamentId?: () => string;
  /** Paid entries and prizes; absent (no chain), a paid tournament cannot be created. */
  readonly money?: TournamentMoney | undefined;
}

/** A join's payment, for a paid tournament. */
export interface JoinRequest {
  readonly characterId?: number | undefined;
  readonly paymentId?: string | undefined;
  readonly signature?: string | undefined;
}

/** A registration, with the entry payment that bought the seat of a paid tournament. */
export interface JoinAnswer {
  readonly tournament: Tournament;
  readonly payment?: { readonly paymentId: string; readonly signature: string };
}

const JOIN_REFUSALS: Record<Exclude<JoinResult, 'joined'>, () => AppError> = {
  'not-found': () => new AppError('TOURNAMENT_NOT_FOUND'),
  'no-user': () => new AppError('USER_NOT_FOUND'),
  already: () => new AppError('TOURNAMENT_ALREADY_REGISTERED'),
  closed: () => new AppError('TOURNAMENT_CLOSED'),
  full: () => new AppError('TOURNAMENT_FULL'),
  'payment-required': feeRequired,
};

export const CREATED_MESSAGE = 'Tournament created';
export const JOINED_MESSAGE = 'You have joined the tournament';
const ID_ATTEMPTS = 5;

const notFoundError = () => new AppError('TOURNAMENT_NOT_FOUND');

export function createRegistration(deps: RegistrationDeps) {
  const { store } = deps;
  const newTournamentId = deps.newTournamentId ?? (() => randomBytes(6).toString('base64url'));
  const entryFees = createEntryFees({ money: deps.money, now: deps.now });

  async function found(tournamentId: string): Promise<TournamentRecord> {
    const record = await store.find(tournamentId);
    if (!record) throw notFoundError();
    return record;
  }

  return {
    async create(caller: Caller, body: ParsedCreateTournamentBody): Promise<Tournament> {
      const startDate = new Date(body.startDate);
      if (startDate.getTime() <= deps.now()) throw new AppError('VALIDATION_FAILED', { field: 'startDate' }, { shown: TOURNAMENT_START_DATE_PAST });
      const fee = parseEntryFee(body.entryFee);
      if (!fee.ok) throw new AppError('ENTRY_FEE_INVALID');
      if (fee.lamports > 0n && !deps.money) throw unavailable();
      // A paid tournament's prizes are its pool's shares (the protocol refused typed ones).
      const money = { entryFee: amountText(fee.lamports), entryFeeLamports: fee.lamports, ...(fee.lamports > 0n ? { prizes: { first: '', second: '', third: '' } } : {}) };
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
        const tournamentId = newTournamentId();
        const row = { ...body, ...money, tournamentId, startDate, creatorId: caller.userId };
        if (await store.create(row)) return tournamentView(await found(tournamentId), caller.userId);
      }
      throw new Error('no free tournament id');
    },

    async list(query: ParsedTournamentListQuery, viewerId: string | null): Promise<{ tournaments: Tournament[]; total: number }> {
      const { rows, total } = await store.list(query);
      return { tournaments: rows.map((row) => tournamentView(row, viewerId)), total };
    },

    async detail(tournamentId: string, viewerId: string | null): Promise<TournamentDetail> {
      const record = await found(tournamentId);
      const parts = await store.unit(async (unit) => ({
        bracket: record.status === 'upcoming' ? null : await readBracket(unit.bracket, record.id),
        openCalls: await unit.openCalls(record.id),
        placings: await unit.placings(record.id),
      }));
      return detailView(record, viewerId, parts);
    },

    /** The payment terms of a paid tournament's seat (POST /api/tournaments/{id}/entry). */
    async requestEntry(caller: Caller, tournamentId: string): Promise<TournamentEntryAnswer> {
      return entryFees.request(caller, await found(tournamentId));
    },

    /**
     * Registration with an optional character: a free one, or a marketplace one the player owns
     * (checked before any money moves). A paid tournament's seat takes its entry payment.
     */
    async join(caller: Caller, tournamentId: string, request: JoinRequest = {}): Promise<JoinAnswer> {
      const { characterId, paymentId, signature } = request;
      if (characterId !== undefined && !isFreeCharacter(characterId)) {
        const owned = isMarketplaceCharacter(characterId) && (await store.ownsCharacter(caller.userId, characterId));
        if (!owned) throw new AppError('CHARACTER_NOT_OWNED', { characterId });
      }
      const record = await found(tournamentId);
      let paid: JoinAnswer['payment'];
      if (record.entryFeeLamports > 0n) {
        // A join repeated with its payment answers as the first did (the payment settled it).
        if (paymentId === undefined) {
          throw record.participants.some((participant) => participant.userId === caller.userId) ? JOIN_REFUSALS.already() : feeRequired();
        }
        paid = { paymentId, signature: await entryFees.pay(caller, record, { characterId: characterId ?? null, paymentId, signature }) };
      } else {
        if (paymentId !== undefined) throw isFree();
        const result = await store.join(tournamentId, caller.userId, characterId ?? null, new Date(deps.now()));
        if (result !== 'joined') throw JOIN_REFUSALS[result]();
      }
      const tournament = tournamentView(await found(tournamentId), caller.userId);
      return paid ? { tournament, payment: paid } : { tournament };
    },
  };
}

export type Registration = ReturnType<typeof createRegistration>;
