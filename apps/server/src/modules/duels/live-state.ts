// What a games row keeps so another node (or this one after a restart) can resume the game
// (docs/durable-games.md): the seats with their stakes and guests' rejoin keys, the invite code,
// the players' own seeds (docs/fairness.md), and the last event version. The round log and the server seed have columns of their own; the
// duel itself is replayed from the log with the rules package, so nothing derived is stored.
import { type StakeLabel, type Slot, findStakeTier, toLamports } from '@duel-dojo/rules';
import type { PlayerIdentity } from './ports';
import { type Seat, BOT_SOCKET_ID } from './seats';

/** Which node runs a game, and the epoch of its lease: every write of the game carries it. */
export interface Fence {
  readonly node: string;
  readonly epoch: number;
}

interface SeatState {
  readonly identity: PlayerIdentity | null;
  readonly characterId: number;
  /** Lamports as a decimal string: JSON has no bigint. */
  readonly stakeLamports: string;
  readonly rejoinKey: string | null;
  /** The seat's socket when written: with several nodes it may still be connected to another one. */
  readonly socketId: string;
}

export interface LiveState {
  readonly betAmount: StakeLabel;
  readonly paid: boolean;
  readonly inviteCode: string | null;
  /** A tournament's reserved duel (reserved-matches.ts): its caller lives on the node that made it. */
  readonly reserved: boolean;
  readonly version: number;
  readonly seats: { readonly player1: SeatState; readonly player2: SeatState | null };
  /** Each player's seed so far (null: none yet); absent in a row written before client seeds. */
  readonly clientSeeds?: SeedSlots;
}

/** The players' seeds as the game holds them until round 1: null for none sent yet. */
export type SeedSlots = Readonly<Record<Slot, string | null>>;

/** The live parts of a game, as the row stores them. */
export interface LiveParts {
  readonly betAmount: StakeLabel;
  readonly paid: boolean;
  readonly inviteCode: string | null;
  readonly reserved: boolean;
  readonly version: number;
  /** null: a game from before client seeds, whose hits keep the formula they started with. */
  readonly clientSeeds: SeedSlots | null;
  readonly seats: { readonly player1: Seat; readonly player2: Seat | null };
}

function seatState(seat: Seat): SeatState {
  return { identity: seat.identity, characterId: seat.characterId, stakeLamports: seat.stakeLamports.toString(), rejoinKey: seat.rejoinKey, socketId: seat.socketId };
}

export function liveStateOf(game: LiveParts): LiveState {
  const { player1, player2 } = game.seats;
  return {
    betAmount: game.betAmount,
    paid: game.paid,
    inviteCode: game.inviteCode,
    reserved: game.reserved,
    version: game.version,
    seats: { player1: seatState(player1), player2: player2 ? seatState(player2) : null },
    ...(game.clientSeeds ? { clientSeeds: game.clientSeeds } : {}),
  };
}

function readSeeds(value: unknown): SeedSlots | null {
  if (!isRecord(value) || !isTextOrNull(value.player1) || !isTextOrNull(value.player2)) return null;
  return { player1: value.player1, player2: value.player2 };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function readIdentity(value: unknown): PlayerIdentity | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isText(value.key) || !isTextOrNull(value.userId) || !isTextOrNull(value.wallet) || !isTextOrNull(value.name)) return undefined;
  return { key: value.key, userId: value.userId, wallet: value.wallet, name: value.name };
}

/** A seat as it was, not known to be connected until its socket is found (resume.ts). */
function readSeat(value: unknown, slot: Slot): Seat | undefined {
  if (!isRecord(value) || typeof value.characterId !== 'number' || !isText(value.stakeLamports) || !/^\d+$/.test(value.stakeLamports)) return undefined;
  const identity = readIdentity(value.identity);
  if (identity === undefined || !isTextOrNull(value.rejoinKey)) return undefined;
  const socketId = identity === null ? BOT_SOCKET_ID : isText(value.socketId) ? value.socketId : '';
  return { slot, identity, characterId: value.characterId, stakeLamports: toLamports(value.stakeLamports), socketId, connected: false, since: 0, rejoinKey: value.rejoinKey };
}

/** The stored state back as seats and settings; null when the row holds nothing usable. */
export function readLiveState(value: unknown): LiveParts | null {
  if (!isRecord(value) || !isRecord(value.seats) || !isText(value.betAmount) || !findStakeTier(value.betAmount)) return null;
  if (typeof value.paid !== 'boolean' || !isTextOrNull(value.inviteCode) || typeof value.version !== 'number' || typeof value.reserved !== 'boolean') return null;
  const player1 = readSeat(value.seats.player1, 'player1');
  const player2 = value.seats.player2 === null ? null : readSeat(value.seats.player2, 'player2');
  if (!player1 || player2 === undefined) return null;
  const clientSeeds = readSeeds(value.clientSeeds);
  return { betAmount: value.betAmount as StakeLabel, paid: value.paid, inviteCode: value.inviteCode, reserved: value.reserved, version: value.version, seats: { player1, player2 }, clientSeeds };
}
