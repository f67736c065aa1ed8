// The two seats of a game: who sits there, with which character and stake, on which socket.
import { type Lamports, type Slot, ZERO_LAMPORTS, findCharacter } from '@duel-dojo/rules';
import type { MatchedRow, PlayerIdentity } from './ports';

/** The bot's seat reports this instead of a socket id (protocol: socketId "bot"). */
export const BOT_SOCKET_ID = 'bot';
export const BOT_NAME = 'Bot';

export interface Seat {
  readonly slot: Slot;
  /** null for the bot. */
  readonly identity: PlayerIdentity | null;
  readonly characterId: number;
  /** This player's stake in lamports; 0 in a free game. */
  readonly stakeLamports: Lamports;
  /** The socket that receives this seat's events; the last one while disconnected. */
  socketId: string;
  connected: boolean;
  /** When `connected` last changed (server epoch ms): the opponent is shown how long a player has been away. */
  since: number;
  /**
   * A guest's secret for taking this seat back from a new connection (a guest has no token, and
   * its identity is its first socket). Told only to this seat (game-view.ts); null for a signed-in
   * player, whose token does that, and for the bot.
   */
  readonly rejoinKey: string | null;
}

export function playerSeat(slot: Slot, identity: PlayerIdentity, characterId: number, stakeLamports: Lamports, socketId: string, rejoinKey: string | null = null): Seat {
  return { slot, identity, characterId, stakeLamports, socketId, connected: true, since: 0, rejoinKey };
}

export function botSeat(characterId: number): Seat {
  return { slot: 'player2', identity: null, characterId, stakeLamports: ZERO_LAMPORTS, socketId: BOT_SOCKET_ID, connected: false, since: 0, rejoinKey: null };
}

export const isBot = (seat: Seat | null): boolean => seat !== null && seat.identity === null;

/** Which seat a guest rejoin key opens (a signed-in player's seat has none). */
export function slotOfRejoinKey(seats: { readonly player1: Seat; readonly player2: Seat | null }, rejoinKey: string): Slot | null {
  if (seats.player1.rejoinKey === rejoinKey) return 'player1';
  return seats.player2?.rejoinKey === rejoinKey ? 'player2' : null;
}

export const otherSlot = (slot: Slot): Slot => (slot === 'player1' ? 'player2' : 'player1');

export const seatName = (seat: Seat): string | null => (seat.identity === null ? BOT_NAME : seat.identity.name);

/** The games row's second seat. */
export function matchedRow(seat: Seat): MatchedRow {
  return {
    player2Id: seat.identity?.userId ?? null,
    player2Wallet: seat.identity?.wallet ?? null,
    player2Name: seatName(seat),
    player2Character: seat.characterId,
    isBot: isBot(seat),
  };
}

/** The seat's fighter, by the rules' character table. */
export function fighterOf(seat: Seat) {
  const character = findCharacter(seat.characterId);
  if (!character) throw new RangeError(`unknown character ${seat.characterId}`);
  return character;
}
