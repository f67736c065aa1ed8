// Who is at the board (docs/leaving-a-game.md): each seat's connection and since when, and the
// opponent told of every change (opponentStatus, a reply to one player at the current version).
import { type Slot, SLOTS } from '@duel-dojo/rules';
import type { GameCaster } from './game-caster';
import type { GameEmitter } from './ports';
import { type Seat, isBot, otherSlot } from './seats';

interface PresenceGame {
  readonly sessionId: string;
  readonly version: number;
  /** Running (intro, rounds, results): only then is the opponent told. */
  readonly active: boolean;
  readonly seats: { readonly player1: Seat; readonly player2: Seat | null };
}

export class SeatPresence {
  constructor(
    private readonly game: PresenceGame,
    private readonly caster: GameCaster,
    private readonly now: () => number,
  ) {}

  /** The match starts: both seats count from now. */
  start(): void {
    const now = this.now();
    for (const seat of this.humans()) seat.since = now;
  }

  /** A resumed game: a player not found on any node is away from the takeover on. */
  resume(present: readonly Slot[]): void {
    const now = this.now();
    for (const seat of this.humans()) Object.assign(seat, { connected: present.includes(seat.slot), since: now });
  }

  /** A seat's connection changed: the opponent hears it, with the time. */
  set(slot: Slot, connected: boolean): void {
    const seat = this.game.seats[slot];
    if (!seat || seat.connected === connected) return;
    seat.connected = connected;
    seat.since = this.now();
    const opponent = this.game.seats[otherSlot(slot)];
    if (this.game.active && opponent && opponent.connected && !isBot(opponent)) {
      this.caster.toSeat(opponent, 'opponentStatus', { sessionId: this.game.sessionId, version: this.game.version, connected, since: seat.since });
    }
  }

  /** The seat of a socket that went away, marked away; null when no seat had it. */
  leave(socketId: string): Slot | null {
    const seat = this.humans().find((candidate) => candidate.socketId === socketId);
    if (!seat) return null;
    this.set(seat.slot, false);
    return seat.slot;
  }

  /** A seat that looks connected but whose socket is gone on every node (its node died): away from now. */
  async confirm(slot: Slot, emitter: Pick<GameEmitter, 'isConnected'>): Promise<void> {
    const seat = this.game.seats[slot];
    if (seat && !isBot(seat) && seat.connected && !(await emitter.isConnected(seat.socketId))) this.set(slot, false);
  }

  private humans(): Seat[] {
    return SLOTS.map((slot) => this.game.seats[slot]).filter((seat): seat is Seat => seat !== null && !isBot(seat));
  }
}
