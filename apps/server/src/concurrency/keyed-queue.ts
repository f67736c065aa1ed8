// The server's one concurrency primitive, in three shapes. Every in-process ordering of the server
// is built from these: a game's events (one SerialQueue per game), a stake tier's matchmaking, a
// tournament's bracket and a payment's verifications (a KeyedQueue), and identical requests that
// must share one answer (singleFlight). Across processes the database's conditional writes and
// the Redis locks are the guard (docs/several-nodes.md); these only order work inside one node.

/** Tasks run one after another, each to its end, even when a task awaits. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** Runs `task` after every task queued before it; its result or error goes to the caller only. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.done(),
      () => this.done(),
    );
    return result;
  }

  /** Resolves once every task queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  /** Tasks queued or running. */
  get size(): number {
    return this.pending;
  }

  private done(): void {
    this.pending -= 1;
  }
}

/** One SerialQueue per key, dropped when it runs empty: different keys run side by side. */
export class KeyedQueue {
  private readonly queues = new Map<string, SerialQueue>();

  run<T>(key: string, task: () => T | Promise<T>): Promise<T> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new SerialQueue();
      this.queues.set(key, queue);
    }
    const owner = queue;
    const result = owner.run(task);
    const forget = () => {
      if (owner.size === 0 && this.queues.get(key) === owner) this.queues.delete(key);
    };
    result.then(forget, forget);
    return result;
  }

  /** Resolves once every task queued so far, and any queued by those, has finished. */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()].map((queue) => queue.idle()));
  }

  /** Keys with work queued or running. */
  get keys(): number {
    return this.queues.size;
  }
}

/**
 * Concurrent calls with the same key share one run of `work` and get its outcome; the next call
 * after it settles runs again. A caller that stopped waiting cannot cause an unhandled rejection.
 */
export function singleFlight<T>(): (key: string, work: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, work) => {
    const current = running.get(key);
    if (current) return current;
    const started = work().finally(() => running.delete(key));
    started.catch(() => undefined);
    running.set(key, started);
    return started;
  };
}
