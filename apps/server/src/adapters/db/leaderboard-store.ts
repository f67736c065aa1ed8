// Profit rankings. All time reads the running stats (user_stats, indexed by total_profit) and
// the totals kept as games end (tables/counters.ts), so its refresh costs the same at any number
// of games; a window recomputes each player's profit from the games that ended in it, with integer lamports:
// a win earns floor(2 × stake × 97 / 100) − stake, a loss costs the stake, a draw is refunded;
// and a tournament prize settled in it earns the prize (as the running stats count it,
// prize-stats.ts).
import { and, count, desc, eq, gt, gte, max, or, sql } from 'drizzle-orm';
import { ZERO_LAMPORTS } from '@duel-dojo/rules';
import type { LeaderboardRow, LeaderboardStore } from '../../modules/leaderboard';
import type { Db } from './connect';
import { games, leaderboardTotals, userStats, users } from './schema';

/**
 * What counts in the window, once per registered player: each finished game (a match, with
 * that player's profit) and each prize paid (no match, the prize as profit).
 */
function windowSides(since: Date) {
  const from = sql`${since.toISOString()}::timestamptz`;
  return sql`
    select g.player1_id as user_id, 1 as matches,
      case when g.winner = 'draw' then 0::bigint
           when g.winner = g.player1_wallet or g.winner = 'player1' then (2 * g.stake_lamports * 97) / 100 - g.stake_lamports
           else -g.stake_lamports end as profit
    from games g
    where g.game_over and g.ended_at >= ${from} and g.player1_id is not null
    union all
    select g.player2_id as user_id, 1 as matches,
      case when g.winner = 'draw' then 0::bigint
           when g.winner = g.player2_wallet or g.winner = 'player2' then (2 * g.stake_lamports * 97) / 100 - g.stake_lamports
           else -g.stake_lamports end as profit
    from games g
    where g.game_over and g.ended_at >= ${from} and g.player2_id is not null
    union all
    select u.id as user_id, 0 as matches, l.amount as profit
    from ledger l join users u on u.wallet_address = l.wallet
    where l.kind = 'prize' and l.status = 'confirmed' and l.updated_at >= ${from}`;
}

/** A fighter of all time: played a match, or was paid a prize (a bracket won by walkovers). */
const isFighter = or(gt(userStats.totalMatches, 0), gt(userStats.totalEarnings, ZERO_LAMPORTS));

interface WindowRow extends Record<string, unknown> {
  display_name: string | null;
  username: string;
  wallet_address: string;
  total_matches: string | number;
  total_profit: string | number;
}

export function createLeaderboardStore(db: Db): LeaderboardStore {
  const allTimeTop = db
    .select({
      displayName: users.displayName,
      username: users.username,
      walletAddress: users.walletAddress,
      totalMatches: userStats.totalMatches,
      totalProfit: userStats.totalProfit,
    })
    .from(userStats)
    .innerJoin(users, eq(users.id, userStats.userId))
    .where(isFighter)
    .orderBy(desc(userStats.totalProfit), desc(userStats.totalMatches), users.walletAddress)
    .limit(sql.placeholder('limit'))
    .prepare('leaderboard_all_time_top');
  // The counters, and the best profit: the first fighter along user_stats_total_profit_idx.
  const allTimeTotals = db.select({ name: leaderboardTotals.name, value: leaderboardTotals.value }).from(leaderboardTotals).prepare('leaderboard_all_time_totals');
  const allTimeBest = db.select({ best: max(userStats.totalProfit) }).from(userStats).where(isFighter).prepare('leaderboard_all_time_best');

  return {
    async top(limit, since) {
      if (since === null) return allTimeTop.execute({ limit });
      const result = await db.execute<WindowRow>(sql`
        select u.display_name, u.username, u.wallet_address, s.total_matches, s.total_profit
        from (select user_id, sum(matches) as total_matches, sum(profit) as total_profit from (${windowSides(since)}) sides group by user_id) s
        join users u on u.id = s.user_id
        order by s.total_profit desc, s.total_matches desc, u.wallet_address
        limit ${limit}`);
      return result.rows.map(
        (row): LeaderboardRow => ({
          displayName: row.display_name,
          username: row.username,
          walletAddress: row.wallet_address,
          totalMatches: Number(row.total_matches),
          totalProfit: BigInt(row.total_profit),
        }),
      );
    },

    async totals(since) {
      if (since === null) {
        const [counters, [best]] = await Promise.all([allTimeTotals.execute(), allTimeBest.execute()]);
        const counter = (name: string) => counters.find((row) => row.name === name)?.value ?? 0;
        return { totalFighters: counter('fighters'), highestWinnings: best?.best ?? 0n, totalMatches: counter('matches') };
      }
      const [fighters, [matches]] = await Promise.all([
        db.execute<{ n: string | number; best: string | number | null }>(sql`
          select count(*) as n, max(total_profit) as best
          from (select user_id, sum(profit) as total_profit from (${windowSides(since)}) sides group by user_id) s`),
        db.select({ n: count() }).from(games).where(and(eq(games.gameOver, true), gte(games.endedAt, since))),
      ]);
      const row = fighters.rows[0];
      return {
        totalFighters: Number(row?.n ?? 0),
        highestWinnings: row?.best === null || row?.best === undefined ? 0n : BigInt(row.best),
        totalMatches: matches?.n ?? 0,
      };
    },
  };
}
