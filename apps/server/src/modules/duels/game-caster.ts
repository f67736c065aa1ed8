// How one game talks to its players. Broadcast events (gameState, roundStart, roundEnd) each take
// the next version; replies to one seat (actionConfirmed, a rejoin's gameState) carry the current
// one, so no viewer ever sees a gap. Only connected human seats hear anything, and the game's
// spectators' room the broadcasts, seen by no seat (docs/spectating.md): never a reply to one seat.
// A gameState goes out without the fields the client's parse puts back (docs/game-events.md).
import { type ServerEventName, type ServerEventWire, gameStateWire } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { type GameSnapshot, gameStateFor } from './game-view';
import type { GameEmitter } from './ports';
import { type Seat, isBot } from './seats';
import { SPECTATOR_EVENTS, spectatorStateFor, watchable } from './spectator-view';
import { watchRoom } from './spectators';

/** A connected human seat: the only kind that hears anything. */
const hears = (seat: Seat | null): seat is Seat => seat !== null && seat.connected && !isBot(seat);

export class GameCaster {
  version = 0;

  constructor(
    private readonly emitter: GameEmitter,
    private readonly game: GameSnapshot,
  ) {}

  broadcast<E extends ServerEventName>(event: E, build: (version: number) => ServerEventWire<E>): void {
    this.version += 1;
    const payload = build(this.version);
    // Every round's events come through here: the seats directly, no listeners() array per event.
    const { player1, player2 } = this.game.seats;
    if (hears(player1)) this.toSeat(player1, event, payload);
    if (hears(player2)) this.toSeat(player2, event, payload);
    if (SPECTATOR_EVENTS.has(event)) this.toSpectators(event, payload);
  }

  /** The full state to every listener, each seeing it from their own seat. */
  broadcastState(): void {
    this.version += 1;
    for (const seat of this.listeners()) this.toSeat(seat, 'gameState', gameStateWire(gameStateFor(this.game, seat.slot)));
    this.toSpectators('gameState', gameStateWire(spectatorStateFor(this.game)));
  }

  /** The full state to one seat, at the current version (nothing changed). */
  sendState(slot: Slot): void {
    const seat = this.game.seats[slot];
    if (seat) this.toSeat(seat, 'gameState', gameStateWire(gameStateFor(this.game, slot)));
  }

  toSeat<E extends ServerEventName>(seat: Seat, event: E, payload: ServerEventWire<E>): void {
    this.emitter.toSocket(seat.socketId, event, payload);
  }

  /** One room emit, on every node, whoever watches; nothing before the match. */
  private toSpectators<E extends ServerEventName>(event: E, payload: ServerEventWire<E>): void {
    if (watchable(this.game)) this.emitter.toRoom(watchRoom(this.game.sessionId), event, payload);
  }

  listeners(): Seat[] {
    const { player1, player2 } = this.game.seats;
    return [player1, player2].filter(hears);
  }
}
