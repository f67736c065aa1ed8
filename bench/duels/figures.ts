// From the load clients' roundEnd records to latencies: the two players' records of one round
// (`sessionId:round`, possibly from different processes) are paired to find when the round
// closed, then every roundEnd received inside the window gives one sample of
// "round closed -> roundEnd received".
//
// When the round closed, as the server decides it (game-session.ts):
//   - both players' actions were accepted (actionConfirmed): the round closes as soon as the
//     second arrives, so the close is taken as the moment the second action was SENT; the sample
//     includes that action's trip to the server.
//   - otherwise (a player idle, or refused as late): the round closes on the server's timer at
//     endTime (from roundStart, server epoch ms).
import type { Receipts } from './ipc';

export interface Latencies {
  readonly n: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface RoundFigures {
  /** Rounds whose first roundEnd arrived inside the window. */
  readonly rounds: number;
  readonly all: Latencies;
  /** Rounds that did not end the game. */
  readonly midGame: Latencies;
  /** The last round of a game (the record is written before its roundEnd goes out). */
  readonly gameOver: Latencies;
  /** Rounds closed by both actions / by the timer. */
  readonly bothActed: Latencies;
  readonly timer: Latencies;
  /** roundEnds whose close could not be told (the other player's record is missing). */
  readonly unknown: number;
}

export function latencies(values: ArrayLike<number>): Latencies {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => (sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN));
  return { n: sorted.length, p50: at(50), p99: at(99), max: at(100) };
}

interface Round {
  readonly rows: { part: number; i: number }[];
}

export function roundFigures(parts: readonly Receipts[], start: number, end: number): RoundFigures {
  const rounds = new Map<string, Round>();
  parts.forEach((part, p) => {
    part.keys.forEach((key, i) => {
      const round = rounds.get(key);
      if (round) round.rows.push({ part: p, i });
      else rounds.set(key, { rows: [{ part: p, i }] });
    });
  });

  const all: number[] = [];
  const midGame: number[] = [];
  const gameOver: number[] = [];
  const bothActed: number[] = [];
  const timer: number[] = [];
  let counted = 0;
  let unknown = 0;
  for (const { rows } of rounds.values()) {
    let firstReceived = Number.POSITIVE_INFINITY;
    let lastSent = Number.NEGATIVE_INFINITY;
    let anyIdle = false;
    let endTime = Number.NaN;
    for (const { part, i } of rows) {
      const receipts = parts[part] as Receipts;
      firstReceived = Math.min(firstReceived, receipts.receivedAt[i] ?? Number.NaN);
      const sent = receipts.sentAt[i] ?? Number.NaN;
      if (Number.isNaN(sent)) anyIdle = true;
      else lastSent = Math.max(lastSent, sent);
      if (Number.isNaN(endTime)) endTime = receipts.endTime[i] ?? Number.NaN;
    }
    if (firstReceived >= start && firstReceived < end) counted += 1;
    const closedBy: 'timer' | 'both' | null = anyIdle ? 'timer' : rows.length === 2 ? 'both' : null;
    const closedAt = closedBy === 'timer' ? endTime : closedBy === 'both' ? lastSent : Number.NaN;
    for (const { part, i } of rows) {
      const receipts = parts[part] as Receipts;
      const received = receipts.receivedAt[i] ?? Number.NaN;
      if (!(received >= start && received < end)) continue;
      if (Number.isNaN(closedAt)) {
        unknown += 1;
        continue;
      }
      const delay = received - closedAt;
      all.push(delay);
      (receipts.gameOver[i] ? gameOver : midGame).push(delay);
      (closedBy === 'timer' ? timer : bothActed).push(delay);
    }
  }
  return {
    rounds: counted,
    all: latencies(all),
    midGame: latencies(midGame),
    gameOver: latencies(gameOver),
    bothActed: latencies(bothActed),
    timer: latencies(timer),
    unknown,
  };
}
