// GAME_TIMINGS_MS, for tests and benchmarks only: the live game's intro, round and results
// durations in ms ("intro,round,results"), so that a process-level test (the chaos run,
// docs/security.md 28) plays whole paid games in about a second instead of the product's ~7 s.
// Read only by main.ts, like DUEL_DOJO_CRASH_AT; unset, the game keeps the rules' timings.
import { ConfigError } from './config';
import type { GameTimings } from './modules/duels';

type GameTimingsOverride = Pick<GameTimings, 'introMs' | 'roundMs' | 'resultsMs'>;

/** Bounds that keep a game playable: a round long enough to act in, nothing beyond 10 minutes. */
const LIMITS = { introMs: [0, 600_000], roundMs: [500, 600_000], resultsMs: [0, 600_000] } as const;

export function gameTimingsFromEnv(value: string | undefined): GameTimingsOverride | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const parts = /^(\d{1,6}),(\d{1,6}),(\d{1,6})$/.exec(text);
  const timings = parts ? { introMs: Number(parts[1]), roundMs: Number(parts[2]), resultsMs: Number(parts[3]) } : null;
  const inLimits = timings !== null && (Object.keys(LIMITS) as (keyof GameTimingsOverride)[]).every((key) => timings[key] >= LIMITS[key][0] && timings[key] <= LIMITS[key][1]);
  if (!timings || !inLimits) {
    throw new ConfigError(
      `Invalid configuration: GAME_TIMINGS_MS must be intro,round,results in ms such as 300,3000,300 (round at least 500, each at most 600000) (got ${JSON.stringify(text.slice(0, 80))})`,
    );
  }
  return timings;
}
