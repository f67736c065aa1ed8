// Tournaments as the wire shows them (protocol tournament, tournamentDetail): the protocol's fields,
// and for the detail the live bracket, the caller's called duel and the placings.
import type { BracketMatch, BracketSlot, PlacingPrize, PrizePool, Tournament, TournamentDetail, TournamentMatchNotice, TournamentSize } from '@duel-dojo/protocol';
import { amountText, prizePlaces, prizePoolLamports, prizeShares } from '@duel-dojo/rules';
import type { Match, ParticipantResult } from 'brackets-model';
import { type BracketData, formatOf, inPlayOrder } from './bracket-engine';
import type { MatchCall, ParticipantRecord, PlacingRecord, PlayerSummary, TournamentRecord } from './ports';

/** The system program's address: the creator of a tournament whose creator's account is gone. */
const NOBODY = '11111111111111111111111111111111';

const STATUS_NAMES = ['locked', 'waiting', 'ready', 'running', 'completed', 'archived'] as const;

/**
 * A paid tournament's pool: as fixed at its start, or projected from the players registered so
 * far (while upcoming, and for a cancelled one: what it would have been). Null when free.
 */
function prizePoolOf(record: TournamentRecord): PrizePool | null {
  if (record.entryFeeLamports === 0n) return null;
  const entrants = record.participants.length;
  const total = record.prizePoolLamports ?? prizePoolLamports(record.entryFeeLamports, entrants);
  const shares = prizeShares(total, prizePlaces(entrants));
  const [first = 0n, second = 0n, third = 0n] = shares;
  return { totalLamports: total.toString(), first: first.toString(), second: second.toString(), third: third.toString() };
}

const prizeText = (lamports: string) => amountText(BigInt(lamports));

export function tournamentView(record: TournamentRecord, viewerId: string | null): Tournament {
  const prizePool = prizePoolOf(record);
  return {
    tournamentId: record.tournamentId,
    name: record.name,
    description: record.description,
    entryFee: record.entryFee,
    maxParticipants: record.maxParticipants as TournamentSize,
    currentParticipants: record.participants.length,
    startDate: record.startDate.toISOString(),
    format: record.format,
    status: record.status,
    prizes: prizePool ? { first: prizeText(prizePool.first), second: prizeText(prizePool.second), third: prizeText(prizePool.third) } : record.prizes,
    winner: record.winner ? { username: record.winner.username, displayName: record.winner.displayName } : null,
    isRegistered: viewerId !== null && record.participants.some((participant) => participant.userId === viewerId),
    participants: record.participants.map((participant) => ({
      _id: participant.userId,
      walletAddress: participant.walletAddress,
      username: participant.username,
      displayName: participant.displayName,
      avatar: null,
      characterId: participant.characterId,
      level: participant.level,
      stats: { wins: participant.wins, losses: participant.losses },
    })),
    creator: record.creatorWallet ?? NOBODY,
    createdAt: record.createdAt.toISOString(),
    entryFeeLamports: record.entryFeeLamports.toString(),
    prizePool,
  };
}

/** What a player is told about a called duel: its code, the opponent and the deadline. */
export function callNotice(record: TournamentRecord, call: MatchCall, opponent: PlayerSummary): TournamentMatchNotice {
  return {
    tournamentId: record.tournamentId,
    matchId: call.matchId,
    inviteCode: call.inviteCode,
    opponent: { walletAddress: opponent.walletAddress, username: opponent.username, displayName: opponent.displayName },
    deadline: call.deadline?.getTime() ?? null,
  };
}

function sectionOf(bracket: BracketData, match: Match): BracketMatch['section'] {
  if (bracket.stage.type === 'round_robin') return 'league';
  const group = bracket.groups.find((candidate) => Number(candidate.id) === Number(match.group_id))?.number ?? 1;
  if (group === 1) return 'winners';
  if (bracket.stage.type === 'single_elimination') return 'third-place';
  return group === 2 ? 'losers' : 'grand-final';
}

function slotOf(bracket: BracketData, byUser: ReadonlyMap<string, ParticipantRecord>, side: ParticipantResult | null): BracketSlot {
  if (side === null) return null;
  const userId = side.id === null ? null : (bracket.userOf.get(Number(side.id)) ?? null);
  const player = userId === null ? undefined : byUser.get(userId);
  return {
    participantId: userId,
    username: player?.username ?? null,
    displayName: player?.displayName ?? null,
    score: side.score ?? null,
    result: side.result ?? null,
    forfeit: side.forfeit === true,
  };
}

export function bracketView(record: TournamentRecord, bracket: BracketData, live: ReadonlySet<number>): NonNullable<TournamentDetail['bracket']> {
  const byUser = new Map(record.participants.map((participant) => [participant.userId, participant]));
  const roundNumber = new Map(bracket.rounds.map((round) => [Number(round.id), round.number]));
  return {
    type: formatOf(bracket.stage),
    matches: inPlayOrder(bracket).map((match) => ({
      matchId: Number(match.id),
      section: sectionOf(bracket, match),
      round: roundNumber.get(Number(match.round_id)) ?? 1,
      number: match.number,
      status: STATUS_NAMES[Math.min(match.status, STATUS_NAMES.length - 1)] ?? 'locked',
      opponent1: slotOf(bracket, byUser, match.opponent1),
      opponent2: slotOf(bracket, byUser, match.opponent2),
      live: live.has(Number(match.id)),
    })),
  };
}

export interface DetailParts {
  readonly bracket: BracketData | null;
  readonly openCalls: readonly MatchCall[];
  readonly placings: readonly PlacingRecord[];
}

/** A place's prize as the ledger has it: pending until its transfer is confirmed. */
function prizeOf(placing: PlacingRecord): PlacingPrize | null {
  if (placing.prizeLamports === 0n) return null;
  const transfer = placing.prizeTransfer;
  const status = transfer?.status === 'confirmed' ? 'paid' : transfer?.status === 'failed' ? 'failed' : 'pending';
  return { lamports: placing.prizeLamports.toString(), status, signature: transfer?.signature ?? null };
}

export function detailView(record: TournamentRecord, viewerId: string | null, parts: DetailParts): TournamentDetail {
  const byUser = new Map(record.participants.map((participant) => [participant.userId, participant]));
  const mine = viewerId === null ? undefined : parts.openCalls.find((call) => call.player1Id === viewerId || call.player2Id === viewerId);
  const opponent = mine ? byUser.get(mine.player1Id === viewerId ? mine.player2Id : mine.player1Id) : undefined;
  return {
    ...tournamentView(record, viewerId),
    bracket: parts.bracket ? bracketView(record, parts.bracket, new Set(parts.openCalls.map((call) => call.matchId))) : null,
    myMatch: mine && opponent ? callNotice(record, mine, opponent) : null,
    placings: parts.placings.flatMap((placing) => {
      const player = byUser.get(placing.userId);
      return player ? [{ place: placing.place, participantId: player.userId, username: player.username, displayName: player.displayName, prize: prizeOf(placing) }] : [];
    }),
  };
}
