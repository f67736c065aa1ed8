// How one game talks to its players. Broadcast events (gameState, roundStart, roundEnd) each take
// the next version; replies to one seat (actionConfirmed, a rejoin's gameState) carry the current
// one, so no viewer ever sees a gap. Only connected human seats hear anything.
import type { ServerEventName, ServerEventPayload } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { type GameSnapshot, gameStateFor } from './game-view';
import type { GameEmitter } from './ports';
import { type Seat, isBot } from './seats';

export class GameCaster {
  version = 0;

  constructor(
    private readonly emitter: GameEmitter,
    private readonly game: GameSnapshot,
  ) {}

  broadcast<E extends ServerEventName>(event: E, build: (version: number) => ServerEventPayload<E>): void {
    this.version += 1;
    const payload = build(this.version);
    for (const seat of this.listeners()) this.toSeat(seat, event, payload);
  }

  /** The full state to every listener, each seeing it from their own seat. */
  broadcastState(): void {
    this.version += 1;
    for (const seat of this.listeners()) this.toSeat(seat, 'gameState', gameStateFor(this.game, seat.slot));
  }

  /** The full state to one seat, at the current version (nothing changed). */
  sendState(slot: Slot): void {
    const seat = this.game.seats[slot];
    if (seat) this.toSeat(seat, 'gameState', gameStateFor(this.game, slot));
  }

  toSeat<E extends ServerEventName>(seat: Seat, event: E, payload: ServerEventPayload<E>): void {
    this.emitter.toSocket(seat.socketId, event, payload);
  }

  listeners(): Seat[] {
    const { player1, player2 } = this.game.seats;
    return [player1, player2].filter((seat): seat is Seat => seat !== null && seat.connected && !isBot(seat));
  }
}
