import type { MoneyMovement } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { netSeries } from './net-series';

const at = (iso: string) => Date.parse(iso);

function movement(direction: 'in' | 'out', lamports: string, createdAt: string, status: MoneyMovement['status'] = 'confirmed'): MoneyMovement {
  return { id: createdAt, kind: direction === 'in' ? 'payout' : 'stakePaid', reason: null, direction, lamports, status, transactionSignature: null, sessionId: null, tournamentId: null, characterId: null, createdAt };
}

describe('the net over time', () => {
  it('sums the confirmed movements oldest first, from zero', () => {
    const newestFirst = [
      movement('in', '64666666', '2026-03-01T12:05:00.000Z'),
      movement('in', '33333333', '2026-03-01T12:03:00.000Z', 'pending'),
      movement('out', '33333333', '2026-03-01T12:02:00.000Z'),
      movement('out', '33333333', '2026-03-01T12:00:00.000Z', 'failed'),
      movement('out', '33333333', '2026-03-01T12:00:00.000Z'),
    ];
    expect(netSeries(newestFirst)).toEqual([
      { time: at('2026-03-01T12:00:00.000Z'), netLamports: 0n },
      { time: at('2026-03-01T12:00:00.000Z'), netLamports: -33_333_333n },
      { time: at('2026-03-01T12:02:00.000Z'), netLamports: -66_666_666n },
      { time: at('2026-03-01T12:05:00.000Z'), netLamports: -2_000_000n },
    ]);
  });

  it('makes one step of movements in the same millisecond, and nothing of none', () => {
    const sameMoment = [movement('in', '10', '2026-03-01T12:00:01.100Z'), movement('out', '4', '2026-03-01T12:00:01.100Z'), movement('out', '1', '2026-03-01T12:00:00.000Z')];
    expect(netSeries(sameMoment).map((point) => point.netLamports)).toEqual([0n, -1n, 5n]);
    expect(netSeries([])).toEqual([]);
    expect(netSeries([movement('in', '1', '2026-03-01T12:00:00.000Z', 'pending')])).toEqual([]);
  });
});
