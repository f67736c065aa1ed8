// Registration for a tournament, inside a database transaction that holds the tournament's row
// lock: the status, start date, capacity and "once" are decided together, so two joins never
// take the last seat. A paid tournament takes a seat only with its entry payment (the ledger's
// credit of that payment calls this in its own transaction: the seat and the money together).
import { and, count, eq, sql } from 'drizzle-orm';
import type { JoinResult } from '../../modules/tournaments';
import type { Tx } from './connect';
import { tournamentParticipants, tournaments, users } from './schema';

export interface Registration {
  /** The public id (a join from the API) or the internal one (a paid entry). */
  readonly tournament: { readonly publicId: string } | { readonly id: string };
  readonly userId: string;
  readonly characterId: number | null;
  /** The entry payment and what it was for; null for a free join. */
  readonly payment: { readonly id: string; readonly lamports: bigint } | null;
  readonly now: Date;
}

export async function registerParticipant(tx: Tx, input: Registration): Promise<JoinResult> {
  const which = 'publicId' in input.tournament ? eq(tournaments.tournamentId, input.tournament.publicId) : eq(tournaments.id, input.tournament.id);
  const [row] = await tx
    .select({ id: tournaments.id, status: tournaments.status, startDate: tournaments.startDate, max: tournaments.maxParticipants, fee: tournaments.entryFeeLamports })
    .from(tournaments)
    .where(which)
    .for('update');
  if (!row) return 'not-found';
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) return 'no-user';
  const mine = and(eq(tournamentParticipants.tournamentId, row.id), eq(tournamentParticipants.userId, input.userId));
  if ((await tx.select({ userId: tournamentParticipants.userId }).from(tournamentParticipants).where(mine)).length > 0) return 'already';
  if (row.status !== 'upcoming' || row.startDate.getTime() <= input.now.getTime()) return 'closed';
  const [registered] = await tx.select({ n: count() }).from(tournamentParticipants).where(eq(tournamentParticipants.tournamentId, row.id));
  if ((registered?.n ?? 0) >= row.max) return 'full';
  // A paid seat needs a payment of exactly the fee; a free tournament takes none.
  if (row.fee > 0n ? input.payment?.lamports !== row.fee : input.payment !== null) return 'payment-required';
  // The database's clock at the insert, under the row lock: registration order is the seeding.
  await tx.insert(tournamentParticipants).values({
    tournamentId: row.id,
    userId: input.userId,
    characterId: input.characterId,
    paymentId: input.payment?.id ?? null,
    joinedAt: sql`clock_timestamp()`,
  });
  return 'joined';
}
