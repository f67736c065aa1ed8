// One queue per game (boardgame.io's habit): tasks run one after another, each to its end,
// so two events of one game never interleave even when a task awaits the database.

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

  get size(): number {
    return this.pending;
  }

  private done(): void {
    this.pending -= 1;
  }
}

/** Serial queues by key (a stake tier), dropped when they run empty. */
export class KeyedQueues {
  private readonly queues = new Map<string, SerialQueue>();

  run<T>(key: string, task: () => T | Promise<T>): Promise<T> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new SerialQueue();
      this.queues.set(key, queue);
    }
    const owner = queue;
    return owner.run(task).finally(() => {
      if (owner.size === 0 && this.queues.get(key) === owner) this.queues.delete(key);
    });
  }
}
