// What a spectator sees of a game (docs/spectating.md, docs/security.md 32): the viewer-less
// state of game-view.ts (no move of the running round, no rejoin key, no invite code, no
// presence), with the seats named by slot instead of the players' socket ids, which a stranger
// has no use for. Only the broadcasts everyone gets reach spectators, never a reply to one seat.
import type { GameState, ServerEventName } from '@duel-dojo/protocol';
import { type GameSnapshot, gameStateFor } from './game-view';
import { BOT_SOCKET_ID, type Seat, isBot } from './seats';

/**
 * The broadcasts a spectator gets as the players do (besides its own gameState, spectatorStateFor):
 * each is sent to both players at once, and the moves are only in roundEnd, the reveal.
 */
export const SPECTATOR_EVENTS: ReadonlySet<ServerEventName> = new Set(['roundStart', 'roundEnd']);

const seatName = (seat: Seat | null): string | null => (seat === null ? null : isBot(seat) ? BOT_SOCKET_ID : seat.slot);

export function spectatorStateFor(game: GameSnapshot): GameState {
  return { ...gameStateFor(game, null), player1: seatName(game.seats.player1), player2: seatName(game.seats.player2) };
}

/** Spectators hear of a game from its match to its end: a waiting or cancelled one has nothing to watch. */
export const watchable = (game: GameSnapshot): boolean => game.phase !== 'waiting' && game.phase !== 'cancelled';
