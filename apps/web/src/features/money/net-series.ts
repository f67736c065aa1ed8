// The net over time that the money page charts: the confirmed movements loaded so far, oldest
// first, summed as the wallet saw them (in adds, out takes away), starting from zero. Only what is
// on the page: the caption says so, and loading older pages extends the line back.
import type { MoneyMovement } from '@duel-dojo/protocol';
import { signedLamports } from './money-amounts';

export interface NetPoint {
  /** Unix milliseconds, the chart's time axis: a stake and its refund can be a second apart. */
  readonly time: number;
  /** The running net after this moment, exact. */
  readonly netLamports: bigint;
}

export function netSeries(movements: readonly MoneyMovement[]): NetPoint[] {
  const confirmed = movements
    .filter((movement) => movement.status === 'confirmed')
    .map((movement) => ({ time: Date.parse(movement.createdAt), lamports: signedLamports(movement) }))
    .filter((movement) => Number.isFinite(movement.time))
    .sort((a, b) => a.time - b.time);
  const first = confirmed[0];
  if (!first) return [];
  const points: NetPoint[] = [{ time: first.time, netLamports: 0n }];
  let net = 0n;
  for (const movement of confirmed) {
    net += movement.lamports;
    const last = points.at(-1);
    // Two movements in the same millisecond are one step: the time axis cannot tell them apart.
    if (last && last.time === movement.time && points.length > 1) points[points.length - 1] = { time: movement.time, netLamports: net };
    else points.push({ time: movement.time, netLamports: net });
  }
  return points;
}
