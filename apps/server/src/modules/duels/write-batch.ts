// Group commit across games (docs/durable-games.md "One statement for many games"): the writes
// the games of this node hand in during one turn of the event loop go to the database as one
// statement, and while that statement runs the next ones gather for the following one. A node
// with a thousand games then makes a few statements a tick instead of one per game per round,
// and holds at most one pool connection per batch kind, so nothing else waits for the pool.
//
// Each write keeps its own answer: written, refused (its game's lease moved on: that game alone
// is let go), or failed with the whole statement (each game's write-behind retries its own).

/** Rows per statement at most; more wait for the next one. */
export const BATCH_MAX_ROWS = 500;

interface Waiting<Item> {
  readonly item: Item;
  readonly key: string;
  readonly done: (written: boolean) => void;
  readonly failed: (error: unknown) => void;
}

/** When the gathered writes go: after this turn's other I/O events (the default, setImmediate). */
export type Defer = (flush: () => void) => void;

/**
 * A Defer that lets writes gather for `ms` first: for writes nobody waits for (a closed round's,
 * behind its events), where one statement for many rounds saves the node and the database a
 * round trip each (docs/durable-games.md "One statement for many games").
 */
export function windowDefer(ms: number, after: (run: () => void, ms: number) => unknown = setTimeout): Defer {
  return (flush) => void after(flush, ms);
}

export class WriteBatch<Item> {
  private waiting: Waiting<Item>[] = [];
  /** The keys of the statements in flight: a key's next write waits for its statement. */
  private readonly flying = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Writes the items in one statement; answers the keys written. */
    private readonly writeAll: (items: readonly Item[]) => Promise<ReadonlySet<string>>,
    private readonly keyOf: (item: Item) => string,
    private readonly defer: Defer = (flush) => void setImmediate(flush),
    private readonly maxRows = BATCH_MAX_ROWS,
    /** Statements in flight at once: more than one where a player waits for the write (a join). */
    private readonly maxInFlight = 1,
  ) {}

  /** Resolves true once written, false when its game's row refused it; rejects when the statement failed. */
  write(item: Item): Promise<boolean> {
    return new Promise((done, failed) => {
      this.waiting.push({ item, key: this.keyOf(item), done, failed });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    this.defer(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.inFlight >= this.maxInFlight) return;
    const batch = this.take();
    if (batch.length === 0) return;
    this.inFlight += 1;
    for (const waiting of batch) this.flying.add(waiting.key);
    let sent: Promise<ReadonlySet<string>>;
    try {
      sent = this.writeAll(batch.map((waiting) => waiting.item));
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then(
        (written) => {
          for (const waiting of batch) waiting.done(written.has(waiting.key));
        },
        (error: unknown) => {
          for (const waiting of batch) waiting.failed(error);
        },
      )
      .finally(() => {
        this.inFlight -= 1;
        for (const waiting of batch) this.flying.delete(waiting.key);
        this.schedule();
      });
  }

  /**
   * The next statement's rows, in the order they came, one per key and none of a key in flight:
   * a row names its game once, so a game's second write waits for a later statement and lands
   * after its first.
   */
  private take(): Waiting<Item>[] {
    const keys = new Set<string>();
    const batch: Waiting<Item>[] = [];
    const rest: Waiting<Item>[] = [];
    for (const waiting of this.waiting) {
      if (batch.length < this.maxRows && !keys.has(waiting.key) && !this.flying.has(waiting.key)) {
        keys.add(waiting.key);
        batch.push(waiting);
      } else {
        keys.add(waiting.key);
        rest.push(waiting);
      }
    }
    this.waiting = rest;
    return batch;
  }
}
