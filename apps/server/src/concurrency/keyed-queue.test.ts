import { describe, expect, it } from 'vitest';
import { KeyedQueue, SerialQueue, singleFlight } from './keyed-queue';

/** A promise the test settles by hand, so no test depends on real time. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialQueue', () => {
  it('runs tasks one at a time, in order, even when they await', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await flush();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run(task('a')), queue.run(task('b')), queue.run(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(queue.size).toBe(0);
  });

  it('gives a failure to its caller only; later tasks still run', async () => {
    const queue = new SerialQueue();
    const failing = queue.run(() => {
      throw new Error('boom');
    });
    const next = queue.run(() => 'after');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
  });

  it('idle waits for the tasks queued so far', async () => {
    const queue = new SerialQueue();
    const held = gate();
    let finished = false;
    void queue.run(async () => {
      await held.promise;
      finished = true;
    });
    const idle = queue.idle().then(() => finished);
    held.open();
    await expect(idle).resolves.toBe(true);
  });
});

describe('KeyedQueue', () => {
  it('serializes per key and lets different keys run side by side', async () => {
    const queues = new KeyedQueue();
    const first = gate();
    const log: string[] = [];
    const a1 = queues.run('a', async () => {
      log.push('a1+');
      await first.promise;
      log.push('a1-');
    });
    const a2 = queues.run('a', () => void log.push('a2'));
    const b1 = queues.run('b', () => void log.push('b1'));
    await b1;
    expect(log).toEqual(['a1+', 'b1']);
    first.open();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1+', 'b1', 'a1-', 'a2']);
  });

  it('drops a key once its queue is empty, and a failure stays with its caller', async () => {
    const queues = new KeyedQueue();
    const failing = queues.run('a', () => Promise.reject(new Error('no')));
    const after = queues.run('a', () => 'ok');
    await expect(failing).rejects.toThrow('no');
    await expect(after).resolves.toBe('ok');
    await flush();
    expect(queues.keys).toBe(0);
  });

  it('idle waits for every key, including work queued by running tasks', async () => {
    const queues = new KeyedQueue();
    const log: string[] = [];
    void queues.run('a', async () => {
      await flush();
      void queues.run('b', async () => {
        await flush();
        log.push('b');
      });
      log.push('a');
    });
    await queues.idle();
    expect(log).toEqual(['a', 'b']);
  });
});

describe('singleFlight', () => {
  it('gives concurrent callers of one key the same run, and runs again afterwards', async () => {
    const shared = singleFlight<number>();
    const held = gate<number>();
    let runs = 0;
    const work = () => {
      runs += 1;
      return held.promise;
    };
    const both = Promise.all([shared('k', work), shared('k', work)]);
    held.open(7);
    await expect(both).resolves.toEqual([7, 7]);
    expect(runs).toBe(1);
    await expect(shared('k', () => Promise.resolve(8))).resolves.toBe(8);
  });

  it('keeps keys apart and shares a failure among the callers of its run', async () => {
    const shared = singleFlight<string>();
    const held = gate<string>();
    const one = shared('x', () => held.promise);
    const two = shared('x', () => Promise.resolve('not run'));
    const other = shared('y', () => Promise.resolve('y'));
    held.fail(new Error('chain down'));
    await expect(one).rejects.toThrow('chain down');
    await expect(two).rejects.toThrow('chain down');
    await expect(other).resolves.toBe('y');
  });
});
