// A game's writes behind its events (docs/game-events.md "Writes behind the events"): the players
// hear a round's end (and the game's) first; its round persist and game-over record follow here,
// one at a time per game, in order. Each write carries the whole game so far (the round log, the
// live state, or the final record), so a write still waiting when a newer one comes is replaced
// by it: several rounds closed while the database was slow cost one write. A failed write is
// retried with backoff while the game plays on; nothing here ever blocks the game's queue.
import type { CancelTimer, GameClock } from './game-clock';

export interface WriteJob {
  /** 'over' is the game's last write: nothing replaces it. */
  readonly kind: 'round' | 'over';
  /** The write; false when the game's lease is another node's now (nothing was written). */
  readonly write: () => Promise<boolean>;
}

/** Waits between attempts of a write that failed (the database was briefly away); then it is given up. */
export const WRITE_RETRY_MS = [250, 1_000, 2_000, 4_000, 8_000, 16_000];

interface WriteBehindDeps {
  readonly clock: GameClock;
  readonly report: (error: unknown, message: string) => void;
  /** The node's pending writes, for whoever must wait for this game's record (pending-writes.ts). */
  readonly pending: { busy(sessionId: string, writer: WriteBehind): void; idle(sessionId: string): void };
}

export class WriteBehind {
  private next: WriteJob | null = null;
  private running = false;
  private retry: CancelTimer | null = null;
  private attempt = 0;
  private stopped = false;
  private dropped = false;
  /** The game-over record is queued: nothing follows it. */
  private closed = false;
  private waiters: (() => void)[] = [];
  /** Who waits for a write's first attempt (push's promise). */
  private readonly firstTries = new Map<WriteJob, () => void>();

  constructor(
    private readonly sessionId: string,
    private readonly deps: WriteBehindDeps,
    /** A write was refused: another node holds the game now. */
    private readonly lost: () => void,
  ) {}

  /**
   * Queues a write behind the ones in flight; it replaces one still waiting (it carries it).
   * Resolves once this write was tried (landed or failed once), or was replaced or dropped.
   */
  push(job: WriteJob): Promise<void> {
    if (this.dropped || this.closed) return Promise.resolve();
    this.closed = job.kind === 'over';
    if (this.next) this.tried(this.next);
    this.next = job;
    const tried = new Promise<void>((resolve) => this.firstTries.set(job, resolve));
    this.deps.pending.busy(this.sessionId, this);
    this.pump();
    return tried;
  }

  /** Resolves when every write queued so far has landed, or been given up. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * No more retries (the node stops, or the game is another node's): a write in flight ends as it
   * does, one still waiting is tried once, or dropped when `drop` (the lease is gone anyway).
   */
  stop(drop = false): void {
    this.stopped = true;
    if (drop) {
      this.dropped = true;
      if (this.next) this.tried(this.next);
      this.next = null;
    }
    if (this.retry) {
      this.retry();
      this.retry = null;
    }
    this.pump();
  }

  private isIdle(): boolean {
    return !this.running && this.retry === null && this.next === null;
  }

  private pump(): void {
    if (this.running || this.retry !== null) return;
    const job = this.next;
    if (!job) {
      this.settle();
      return;
    }
    this.next = null;
    this.running = true;
    job
      .write()
      .then(
        (held) => {
          this.attempt = 0;
          if (held) return;
          if (this.next) this.tried(this.next);
          this.next = null;
          this.lost();
        },
        (error: unknown) => this.failed(job, error),
      )
      .finally(() => {
        this.running = false;
        this.tried(job);
        this.pump();
      });
  }

  private tried(job: WriteJob): void {
    this.firstTries.get(job)?.();
    this.firstTries.delete(job);
  }

  private failed(job: WriteJob, error: unknown): void {
    const delay = this.stopped ? undefined : WRITE_RETRY_MS[this.attempt];
    const what = job.kind === 'over' ? 'writing the result' : 'saving a round';
    this.deps.report(error, `game ${this.sessionId}: ${what} failed (attempt ${this.attempt + 1}${delay === undefined ? ', given up' : ''})`);
    if (delay === undefined) {
      this.attempt = 0;
      return;
    }
    this.attempt += 1;
    // A newer write carries this one; else this one is tried again.
    this.next ??= job;
    this.retry = this.deps.clock.after(delay, () => {
      this.retry = null;
      this.pump();
    });
  }

  private settle(): void {
    if (!this.isIdle()) return;
    this.deps.pending.idle(this.sessionId);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
