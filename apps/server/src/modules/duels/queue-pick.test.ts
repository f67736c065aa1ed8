import { describe, expect, it } from 'vitest';
import { OWN_NODE_PREFERENCE_MS, pickWaiting } from './queue-pick';
import { queueEntry } from './queue-entry';
import type { QueuedGame } from './realtime-ports';

const LIMIT = OWN_NODE_PREFERENCE_MS;
const game = (id: string, node: string | null, waitedMs: number | null): QueuedGame => ({
  entry: node === null ? id : queueEntry(id, node),
  queuedAt: waitedMs === null ? null : 1_000_000 - waitedMs,
  waitedMs,
});

describe('pickWaiting', () => {
  it('with one node takes the oldest, as a FIFO', () => {
    const games = [game('g1', 'a', 10), game('g2', 'a', 5)];
    expect(pickWaiting(games, 'a', 'may')).toEqual({ take: games[0] });
    expect(pickWaiting([], 'a', 'may')).toBe('create');
  });

  it('takes the oldest game of its own node over an older game of another node younger than the limit', () => {
    const games = [game('g1', 'b', LIMIT - 100), game('g2', 'a', 50), game('g3', 'a', 10)];
    expect(pickWaiting(games, 'a', 'may')).toEqual({ take: games[1] });
  });

  it('takes a game of another node that waited the limit before any younger one', () => {
    const games = [game('g1', 'b', LIMIT), game('g2', 'a', 50)];
    expect(pickWaiting(games, 'a', 'may')).toEqual({ take: games[0] });
  });

  it('holds until the oldest game of another node reaches the limit, once per node and tier', () => {
    const games = [game('g1', 'b', 400), game('g2', 'b', 100)];
    expect(pickWaiting(games, 'a', 'may')).toEqual({ hold: LIMIT - 400 });
    // Another joiner of this node holds already: this one queues a game for it.
    expect(pickWaiting(games, 'a', 'busy')).toBe('create');
    // After its hold, a joiner takes the oldest whatever its node: no one waits twice.
    expect(pickWaiting(games, 'a', 'done')).toEqual({ take: games[0] });
  });

  it('takes an entry of unknown node or age (an older version queued it) as before', () => {
    expect(pickWaiting([game('g1', null, 5)], 'a', 'may')).toEqual({ take: game('g1', null, 5) });
    expect(pickWaiting([game('g1', 'b', null)], 'a', 'may')).toEqual({ take: game('g1', 'b', null) });
  });

  it('never holds for a negative time', () => {
    expect(pickWaiting([game('g1', 'b', LIMIT - 1)], 'a', 'may', LIMIT)).toEqual({ hold: 1 });
  });
});
