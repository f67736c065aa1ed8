// The games of this node whose writes are still behind their events (write-behind.ts): whoever
// reads a game's record right after its end (a reward claim, a rematch, a spectator's replay)
// waits here for it first, and a stopping node waits for all of them before it lets go.
import type { GameClock } from './game-clock';
import type { WriteBehind } from './write-behind';

/** How long a reader waits for a game's record before it reads what the database holds. */
export const RECORD_WAIT_MS = 5_000;

export class PendingWrites {
  private readonly writers = new Map<string, WriteBehind>();

  constructor(private readonly clock: GameClock) {}

  busy(sessionId: string, writer: WriteBehind): void {
    this.writers.set(sessionId, writer);
  }

  idle(sessionId: string): void {
    this.writers.delete(sessionId);
  }

  /** Resolves once this node's writes of the game have landed (at once when it has none). */
  recorded(sessionId: string, maxWaitMs = RECORD_WAIT_MS): Promise<void> {
    const writer = this.writers.get(sessionId);
    if (!writer) return Promise.resolve();
    return new Promise((resolve) => {
      const cancel = this.clock.after(maxWaitMs, resolve);
      void writer.idle().then(() => {
        cancel();
        resolve();
      });
    });
  }

  /** The node stops: no more retries; resolves when every write queued so far was tried. */
  async drain(): Promise<void> {
    const writers = [...this.writers.values()];
    for (const writer of writers) writer.stop();
    await Promise.all(writers.map((writer) => writer.idle()));
  }

  get size(): number {
    return this.writers.size;
  }
}
