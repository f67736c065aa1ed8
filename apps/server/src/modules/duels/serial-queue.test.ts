import { describe, expect, it } from 'vitest';
import { KeyedQueues, SerialQueue } from './serial-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SerialQueue', () => {
  it('runs tasks one at a time, in order, even when they await', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
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
});

describe('KeyedQueues', () => {
  it('serializes per key and lets different keys run side by side', async () => {
    const queues = new KeyedQueues();
    const log: string[] = [];
    const slow = (name: string) => async () => {
      log.push(`${name}+`);
      await tick();
      log.push(`${name}-`);
    };
    await Promise.all([queues.run('free', slow('f1')), queues.run('paid', slow('p1')), queues.run('free', slow('f2'))]);
    expect(log.indexOf('f1-')).toBeLessThan(log.indexOf('f2+'));
    expect(log.indexOf('p1+')).toBeLessThan(log.indexOf('f1-'));
  });
});
