// Reading tournaments as the module sees them (TournamentRecord): the row, its creator's wallet,
// its winner, and its participants in registration order with their level and wins/losses.
import type { TournamentStatus } from '@duel-dojo/protocol';
import { type SQL, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ParticipantRecord, PlacingRecord, TournamentFilter, TournamentRecord } from '../../modules/tournaments';
import type { Db } from './connect';
import { ledger, tournamentParticipants, tournamentPlacings, tournaments, userStats, users } from './schema';

const creator = alias(users, 'creator');
const winner = alias(users, 'winner');

const participantCount = sql<number>`(select count(*) from ${tournamentParticipants} where ${tournamentParticipants.tournamentId} = ${tournaments.id})`.mapWith(Number);

const SORT_COLUMNS = {
  startDate: tournaments.startDate,
  createdAt: tournaments.createdAt,
  name: tournaments.name,
  currentParticipants: participantCount,
} as const;

export async function participantsOf(db: Db, tournamentIds: readonly string[]): Promise<Map<string, ParticipantRecord[]>> {
  const byTournament = new Map<string, ParticipantRecord[]>(tournamentIds.map((id) => [id, []]));
  if (tournamentIds.length === 0) return byTournament;
  const rows = await db
    .select({
      tournamentId: tournamentParticipants.tournamentId,
      userId: users.id,
      walletAddress: users.walletAddress,
      username: users.username,
      displayName: users.displayName,
      chosenCharacter: tournamentParticipants.characterId,
      userCharacter: users.characterId,
      level: users.level,
      wins: userStats.wins,
      losses: userStats.losses,
      joinedAt: tournamentParticipants.joinedAt,
    })
    .from(tournamentParticipants)
    .innerJoin(users, eq(users.id, tournamentParticipants.userId))
    .leftJoin(userStats, eq(userStats.userId, users.id))
    .where(inArray(tournamentParticipants.tournamentId, [...tournamentIds]))
    .orderBy(asc(tournamentParticipants.joinedAt), asc(users.id));
  for (const row of rows) {
    byTournament.get(row.tournamentId)?.push({
      userId: row.userId,
      walletAddress: row.walletAddress,
      username: row.username,
      displayName: row.displayName,
      characterId: row.chosenCharacter ?? row.userCharacter,
      level: row.level,
      wins: row.wins ?? 0,
      losses: row.losses ?? 0,
      joinedAt: row.joinedAt,
    });
  }
  return byTournament;
}

/** 0: upcoming with a free seat, 1: upcoming and full, 2: under way, 3: over (completed or cancelled). */
const openness = sql<number>`case when ${tournaments.status} = 'upcoming' and ${participantCount} < ${tournaments.maxParticipants} then 0 when ${tournaments.status} = 'upcoming' then 1 when ${tournaments.status} = 'active' then 2 else 3 end`;
/** An upcoming tournament's start (soonest first); null for the others, which sort after it. */
const upcomingStart = sql`case when ${tournaments.status} = 'upcoming' then ${tournaments.startDate} end`;

function orderOf(filter: TournamentFilter): SQL[] {
  const order = filter.sortOrder === 'desc' ? desc : asc;
  const ties = [order(tournaments.createdAt), asc(tournaments.id)];
  // What a player can still join first; among the rest, the most recent start first.
  if (filter.sortBy === 'status') return [order(openness), asc(upcomingStart), desc(tournaments.startDate), ...ties];
  return [order(SORT_COLUMNS[filter.sortBy]), ...ties];
}

function joinedBy(db: Db, wallet: string) {
  return db
    .select({ id: tournamentParticipants.tournamentId })
    .from(tournamentParticipants)
    .innerJoin(users, eq(users.id, tournamentParticipants.userId))
    .where(eq(users.walletAddress, wallet));
}

function conditions(db: Db, filter: Partial<TournamentFilter>): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(tournaments.status, filter.status));
  if (filter.format) parts.push(eq(tournaments.format, filter.format));
  if (filter.creator) parts.push(eq(creator.walletAddress, filter.creator));
  if (filter.participant) parts.push(inArray(tournaments.id, joinedBy(db, filter.participant)));
  if (filter.member) {
    const member = or(eq(creator.walletAddress, filter.member), inArray(tournaments.id, joinedBy(db, filter.member)));
    if (member) parts.push(member);
  }
  return and(...parts);
}

/** Tournaments matching `where` (on tournaments, creator, winner), with their participants. */
export async function readTournaments(
  db: Db,
  where: SQL | undefined,
  page: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<TournamentRecord[]> {
  let query = db
    .select({
      row: tournaments,
      creatorWallet: creator.walletAddress,
      winner: { userId: winner.id, walletAddress: winner.walletAddress, username: winner.username, displayName: winner.displayName },
    })
    .from(tournaments)
    .leftJoin(creator, eq(creator.id, tournaments.creatorId))
    .leftJoin(winner, eq(winner.id, tournaments.winnerId))
    .where(where)
    .orderBy(...(page.orderBy ?? [asc(tournaments.createdAt)]))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) query = query.offset(page.offset);
  const rows = await query;
  const participants = await participantsOf(db, rows.map((r) => r.row.id));
  return rows.map(({ row, creatorWallet, winner: won }) => ({
    id: row.id,
    tournamentId: row.tournamentId,
    name: row.name,
    description: row.description,
    entryFee: row.entryFee,
    entryFeeLamports: row.entryFeeLamports,
    prizePoolLamports: row.prizePoolLamports,
    maxParticipants: row.maxParticipants,
    startDate: row.startDate,
    format: row.format,
    status: row.status as TournamentStatus,
    prizes: { first: row.prizes.first ?? '', second: row.prizes.second ?? '', third: row.prizes.third ?? '' },
    creatorWallet,
    winner: won,
    createdAt: row.createdAt,
    participants: participants.get(row.id) ?? [],
  }));
}

export async function findByPublicId(db: Db, tournamentId: string): Promise<TournamentRecord | null> {
  const [record] = await readTournaments(db, eq(tournaments.tournamentId, tournamentId));
  return record ?? null;
}

export async function findById(db: Db, id: string): Promise<TournamentRecord | null> {
  const [record] = await readTournaments(db, eq(tournaments.id, id));
  return record ?? null;
}

export async function listTournaments(db: Db, filter: TournamentFilter): Promise<{ rows: TournamentRecord[]; total: number }> {
  const where = conditions(db, filter);
  const rows = await readTournaments(db, where, {
    orderBy: orderOf(filter),
    limit: filter.limit,
    offset: filter.offset,
  });
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(tournaments)
    .leftJoin(creator, eq(creator.id, tournaments.creatorId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** A tournament's placings, each with its prize transfer as the ledger holds it (key prize:<id>:<place>). */
export async function placingsOf(db: Db, id: string): Promise<PlacingRecord[]> {
  const rows = await db
    .select({
      place: tournamentPlacings.place,
      userId: tournamentPlacings.userId,
      prizeLamports: tournamentPlacings.prizeLamports,
      status: ledger.status,
      signature: ledger.signature,
    })
    .from(tournamentPlacings)
    .leftJoin(ledger, eq(ledger.idempotencyKey, sql`'prize:' || ${tournamentPlacings.tournamentId} || ':' || ${tournamentPlacings.place}`))
    .where(eq(tournamentPlacings.tournamentId, id))
    .orderBy(asc(tournamentPlacings.place));
  return rows.map(({ status, signature, ...placing }) => ({ ...placing, prizeTransfer: status === null ? null : { status, signature } }));
}
