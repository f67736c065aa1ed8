// The tournaments module's storage: tournaments and registrations, the duels called for bracket
// matches, placings, and units of work that change a bracket (brackets-manager's storage on the
// same transaction) together with the tournament's rows, under the tournament's row lock.
import { and, asc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { MatchCall, TournamentUnit, TournamentsStore } from '../../modules/tournaments';
import { createBracketStorage } from './bracket-storage';
import type { Db } from './connect';
import { characterOwnership, tournamentMatches, tournamentPlacings, tournaments, users } from './schema';
import { findById, findByPublicId, listTournaments, placingsOf } from './tournament-reads';
import { registerParticipant } from './tournament-registration';
import { uniqueViolation } from './unique-violation';

type CallRow = typeof tournamentMatches.$inferSelect;

function callOf(row: CallRow): MatchCall {
  return {
    id: row.id,
    tournamentId: row.tournamentId,
    matchId: row.matchId,
    player1Id: row.player1Id,
    player2Id: row.player2Id,
    inviteCode: row.inviteCode,
    deadline: row.deadline,
  };
}

const isOpen = eq(tournamentMatches.state, 'open');

function unitOn(tx: Db): TournamentUnit {
  return {
    bracket: createBracketStorage(tx),

    async lock(id) {
      const locked = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id)).for('update');
      return locked.length === 1 ? findById(tx, id) : null;
    },

    async setStatus(id, status) {
      await tx.update(tournaments).set({ status }).where(eq(tournaments.id, id));
    },

    async fixPrizePool(id, lamports) {
      await tx.update(tournaments).set({ prizePoolLamports: lamports }).where(eq(tournaments.id, id));
    },

    async complete(id, placings) {
      const first = placings.find((placing) => placing.place === 1);
      await tx.update(tournaments).set({ status: 'completed', winnerId: first?.userId ?? null }).where(eq(tournaments.id, id));
      if (placings.length > 0) await tx.insert(tournamentPlacings).values(placings.map((placing) => ({ tournamentId: id, ...placing })));
    },

    async openCalls(id) {
      const rows = await tx.select().from(tournamentMatches).where(and(eq(tournamentMatches.tournamentId, id), isOpen));
      return rows.map(callOf);
    },

    placings: (id) => placingsOf(tx, id),

    async insertCall(call) {
      const [row] = await tx.insert(tournamentMatches).values(call).returning();
      if (!row) throw new Error('tournament call not written');
      return callOf(row);
    },

    async closeCall(callId, outcome, sessionId, endedAt) {
      const closed = await tx
        .update(tournamentMatches)
        .set({ state: outcome, sessionId, endedAt, deadline: null })
        .where(and(eq(tournamentMatches.id, callId), isOpen))
        .returning({ id: tournamentMatches.id });
      return closed.length === 1;
    },
  };
}

export function createTournamentsStore(db: Db): TournamentsStore {
  return {
    async create(row) {
      try {
        await db.insert(tournaments).values({ ...row, status: 'upcoming' });
        return true;
      } catch (error) {
        if (uniqueViolation(error) === 'tournaments_tournament_id_unique') return false;
        throw error;
      }
    },

    find: (tournamentId) => findByPublicId(db, tournamentId),
    findById: (id) => findById(db, id),
    list: (filter) => listTournaments(db, filter),

    join: (tournamentId, userId, characterId, now) =>
      db.transaction((tx) => registerParticipant(tx, { tournament: { publicId: tournamentId }, userId, characterId, payment: null, now })),

    async ownsCharacter(userId, characterId) {
      const rows = await db
        .select({ characterId: characterOwnership.characterId })
        .from(characterOwnership)
        .where(and(eq(characterOwnership.userId, userId), eq(characterOwnership.characterId, characterId)))
        .limit(1);
      return rows.length === 1;
    },

    async dueToStart(now) {
      const rows = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(and(eq(tournaments.status, 'upcoming'), lte(tournaments.startDate, now)))
        .orderBy(asc(tournaments.startDate));
      return rows.map((row) => row.id);
    },

    async activeIds() {
      const rows = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.status, 'active'));
      return rows.map((row) => row.id);
    },

    async overdueCalls(now) {
      const rows = await db
        .select()
        .from(tournamentMatches)
        .where(and(isOpen, isNotNull(tournamentMatches.deadline), lte(tournamentMatches.deadline, now)))
        .orderBy(asc(tournamentMatches.deadline));
      return rows.map(callOf);
    },

    async findCall(callId) {
      const [row] = await db.select().from(tournamentMatches).where(eq(tournamentMatches.id, callId));
      return row ? callOf(row) : null;
    },

    async waitingCallsOf(walletAddress) {
      const rows = await db
        .select({ call: tournamentMatches })
        .from(tournamentMatches)
        .innerJoin(users, or(eq(users.id, tournamentMatches.player1Id), eq(users.id, tournamentMatches.player2Id)))
        .where(and(isOpen, isNotNull(tournamentMatches.deadline), eq(users.walletAddress, walletAddress)))
        .orderBy(asc(tournamentMatches.createdAt));
      return rows.map((row) => callOf(row.call));
    },

    async clearDeadline(callId) {
      await db.update(tournamentMatches).set({ deadline: null }).where(and(eq(tournamentMatches.id, callId), isOpen));
    },

    async voidOpenCalls(endedAt) {
      const voided = await db.update(tournamentMatches).set({ state: 'void', endedAt, deadline: null }).where(isOpen).returning({ id: tournamentMatches.id });
      return voided.length;
    },

    unit: (work) => db.transaction((tx) => work(unitOn(tx))),
  };
}
