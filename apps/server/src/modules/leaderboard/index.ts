// The leaderboard by profit: "Last 24 Hours" really is
// the last 24 hours. Answers are cached briefly and refreshed in the background, so a busy
// leaderboard costs the database one query per timeframe every few seconds.
import type { LeaderboardAnswer } from '@duel-dojo/protocol';
import { defaultDisplayName, formatSol } from '@duel-dojo/rules';
import type { LeaderboardStore } from './ports';

export * from './ports';

export type Timeframe = 'all' | '24h';
export const DAY_MS = 24 * 60 * 60 * 1000;
export const LEADERBOARD_CACHE_MS = 5_000;
const SOL_DECIMALS_SHOWN = 4;

export interface LeaderboardDeps {
  store: LeaderboardStore;
  now?: () => Date;
  cacheMs?: number;
}

interface CacheEntry {
  at: number;
  answer: Promise<LeaderboardAnswer>;
  refreshing: boolean;
}

export function createLeaderboard(deps: LeaderboardDeps) {
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? LEADERBOARD_CACHE_MS;
  const cache = new Map<string, CacheEntry>();

  async function compute(limit: number, timeframe: Timeframe): Promise<LeaderboardAnswer> {
    const since = timeframe === '24h' ? new Date(now().getTime() - DAY_MS) : null;
    const [rows, totals] = await Promise.all([deps.store.top(limit, since), deps.store.totals(since)]);
    return {
      success: true,
      message: rows.length === 0 ? 'No players yet' : 'Leaderboard loaded',
      leaderboard: rows.map((row, index) => ({
        rank: index + 1,
        displayName: row.displayName ?? defaultDisplayName(row.walletAddress),
        username: row.username,
        walletAddress: row.walletAddress,
        totalMatches: row.totalMatches,
        totalProfit: row.totalProfit.toString(),
        totalProfitSol: formatSol(row.totalProfit, SOL_DECIMALS_SHOWN),
      })),
      stats: {
        totalFighters: totals.totalFighters,
        highestWinnings: totals.highestWinnings.toString(),
        highestWinningsSol: formatSol(totals.highestWinnings, SOL_DECIMALS_SHOWN),
        totalMatches: totals.totalMatches,
      },
    };
  }

  return {
    /** Stale-while-revalidate: a fresh answer is computed once; meanwhile the last one is served. */
    async get(limit: number, timeframe: Timeframe): Promise<LeaderboardAnswer> {
      if (cacheMs <= 0) return compute(limit, timeframe);
      const key = `${timeframe}:${limit}`;
      const entry = cache.get(key);
      const at = now().getTime();
      if (!entry) {
        const answer = compute(limit, timeframe);
        const fresh: CacheEntry = { at, answer, refreshing: false };
        cache.set(key, fresh);
        answer.catch(() => cache.get(key) === fresh && cache.delete(key));
        return answer;
      }
      if (at - entry.at >= cacheMs && !entry.refreshing) {
        entry.refreshing = true;
        compute(limit, timeframe).then(
          (answer) => cache.set(key, { at: now().getTime(), answer: Promise.resolve(answer), refreshing: false }),
          () => {
            entry.refreshing = false;
          },
        );
      }
      return entry.answer;
    },
  };
}

export type Leaderboard = ReturnType<typeof createLeaderboard>;
