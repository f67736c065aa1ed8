// Who watches the games this node runs (docs/spectating.md). Spectators sit in a Socket.IO room
// per game, joined on the node their socket is on; the game's node keeps only their count, in
// memory, so watching costs the players no database write and no work per round beyond one room
// emit per broadcast. The count goes to the room when it changes, at most once per PUSH_MS.
import { SPECTATOR_CAP } from '@duel-dojo/protocol';
import type { CancelTimer, GameClock } from './game-clock';
import type { GameEmitter } from './ports';

/** The room of a game's spectators. */
export const watchRoom = (sessionId: string): string => `watch:${sessionId}`;

/** At most one count push per game this often: a crowd arriving is not one event per arrival. */
export const SPECTATOR_PUSH_MS = 1_000;

export class Spectators {
  private readonly watchers = new Map<string, Set<string>>();
  private readonly pending = new Map<string, CancelTimer>();
  private readonly lastPush = new Map<string, number>();

  constructor(
    private readonly emitter: GameEmitter,
    private readonly clock: GameClock,
    readonly cap: number = SPECTATOR_CAP,
  ) {}

  count(sessionId: string): number {
    return this.watchers.get(sessionId)?.size ?? 0;
  }

  /** false when the game has `cap` spectators already (one already watching counts once). */
  add(sessionId: string, socketId: string): boolean {
    const set = this.watchers.get(sessionId) ?? new Set<string>();
    if (!set.has(socketId) && set.size >= this.cap) return false;
    set.add(socketId);
    this.watchers.set(sessionId, set);
    this.changed(sessionId);
    return true;
  }

  remove(sessionId: string, socketId: string): void {
    const set = this.watchers.get(sessionId);
    if (!set?.delete(socketId)) return;
    if (set.size === 0) this.watchers.delete(sessionId);
    this.changed(sessionId);
  }

  /** The game left this node (over, or taken over elsewhere): nothing more to count or push. */
  drop(sessionId: string): void {
    this.pending.get(sessionId)?.();
    this.pending.delete(sessionId);
    this.lastPush.delete(sessionId);
    this.watchers.delete(sessionId);
  }

  private changed(sessionId: string): void {
    if (this.pending.has(sessionId)) return;
    const wait = Math.max(0, (this.lastPush.get(sessionId) ?? -Infinity) + SPECTATOR_PUSH_MS - this.clock.now());
    const cancel = this.clock.after(wait, () => {
      this.pending.delete(sessionId);
      this.lastPush.set(sessionId, this.clock.now());
      this.emitter.toRoom(watchRoom(sessionId), 'spectators', { sessionId, count: this.count(sessionId) });
    });
    this.pending.set(sessionId, cancel);
  }
}
