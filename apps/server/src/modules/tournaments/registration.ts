// Spec §7 "Tournaments": create (spec §5 rules), list, detail, join (spec §8 texts, which the
// client matches: "already registered", "full", "closed", "User not found"). Paid entry is not
// offered yet: the entry fee is kept as typed and charges nothing (README "Tournaments").
import { randomBytes } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type ParsedCreateTournamentBody,
  type ParsedTournamentListQuery,
  TOURNAMENT_START_DATE_PAST,
  type Tournament,
  type TournamentDetail,
} from '@duel-dojo/protocol';
import { isFreeCharacter, isMarketplaceCharacter } from '@duel-dojo/rules';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { readBracket } from './bracket-engine';
import type { JoinResult, TournamentRecord, TournamentsStore } from './ports';
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
}

const JOIN_REFUSALS: Record<Exclude<JoinResult, 'joined'>, () => AppError> = {
  'not-found': () => notFound(ERROR_MESSAGES.TOURNAMENT_NOT_FOUND, 'TOURNAMENT_NOT_FOUND'),
  'no-user': () => notFound(ERROR_MESSAGES.USER_NOT_FOUND, 'USER_NOT_FOUND'),
  already: () => conflict(ERROR_MESSAGES.TOURNAMENT_ALREADY_REGISTERED, 'TOURNAMENT_ALREADY_REGISTERED'),
  closed: () => conflict(ERROR_MESSAGES.TOURNAMENT_CLOSED, 'TOURNAMENT_CLOSED'),
  full: () => conflict(ERROR_MESSAGES.TOURNAMENT_FULL, 'TOURNAMENT_FULL'),
};

export const CREATED_MESSAGE = 'Tournament created';
export const JOINED_MESSAGE = 'You have joined the tournament';
const ID_ATTEMPTS = 5;

const notFoundError = () => notFound(ERROR_MESSAGES.TOURNAMENT_NOT_FOUND, 'TOURNAMENT_NOT_FOUND');

export function createRegistration(deps: RegistrationDeps) {
  const { store } = deps;
  const newTournamentId = deps.newTournamentId ?? (() => randomBytes(6).toString('base64url'));

  async function found(tournamentId: string): Promise<TournamentRecord> {
    const record = await store.find(tournamentId);
    if (!record) throw notFoundError();
    return record;
  }

  return {
    async create(caller: Caller, body: ParsedCreateTournamentBody): Promise<Tournament> {
      const startDate = new Date(body.startDate);
      if (startDate.getTime() <= deps.now()) throw badRequest(TOURNAMENT_START_DATE_PAST, 'VALIDATION_FAILED');
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
        const tournamentId = newTournamentId();
        const row = { ...body, tournamentId, startDate, creatorId: caller.userId };
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

    /** Registration with an optional character: a free one, or a marketplace one the player owns. */
    async join(caller: Caller, tournamentId: string, characterId: number | undefined): Promise<Tournament> {
      if (characterId !== undefined && !isFreeCharacter(characterId)) {
        const owned = isMarketplaceCharacter(characterId) && (await store.ownsCharacter(caller.userId, characterId));
        if (!owned) throw forbidden(ERROR_MESSAGES.CHARACTER_NOT_OWNED, 'CHARACTER_NOT_OWNED');
      }
      const result = await store.join(tournamentId, caller.userId, characterId ?? null, new Date(deps.now()));
      if (result !== 'joined') throw JOIN_REFUSALS[result]();
      return tournamentView(await found(tournamentId), caller.userId);
    },
  };
}

export type Registration = ReturnType<typeof createRegistration>;
