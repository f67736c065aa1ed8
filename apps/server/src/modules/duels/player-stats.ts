// How one finished game changes a registered player's stats: a pure
// function of the row the game-over transaction read under lock. Money in lamports: a win earns
// payout − own stake, a loss costs the stake, a draw is refunded (no money either way).
import { type Lamports, type MatchResult, levelFromXp, toLamports, xpForMatch } from '@duel-dojo/rules';
import type { PlayerStatsRow } from './ports';

export interface MatchOutcome {
  readonly result: MatchResult;
  readonly characterId: number;
  readonly rounds: number;
  readonly paid: boolean;
  /** This player's own stake; 0 when free. */
  readonly stakeLamports: Lamports;
  /** What the winner receives (rules' payoutLamports of both stakes); 0 when free. */
  readonly payoutLamports: Lamports;
}

const maxBig = <T extends bigint>(a: T, b: T): T => (a > b ? a : b);

/** The most played character; a tie keeps the current favourite, else the lowest id. */
function favoriteOf(plays: Record<string, number>, current: number | null): number | null {
  let best: number | null = null;
  let bestCount = 0;
  for (const [id, count] of Object.entries(plays)) {
    const numeric = Number(id);
    if (count > bestCount || (count === bestCount && best !== null && numeric < best)) {
      best = numeric;
      bestCount = count;
    }
  }
  if (current !== null && (plays[String(current)] ?? 0) === bestCount) return current;
  return best;
}

export function applyMatch(stats: PlayerStatsRow, match: MatchOutcome): PlayerStatsRow {
  const next: PlayerStatsRow = { ...stats, characterPlays: { ...stats.characterPlays } };
  next.totalMatches += 1;
  next.totalRoundsPlayed += match.rounds;
  if (match.paid) next.paidGamesPlayed += 1;
  else next.freeGamesPlayed += 1;

  const key = String(match.characterId);
  next.characterPlays[key] = (next.characterPlays[key] ?? 0) + 1;
  next.favoriteCharacter = favoriteOf(next.characterPlays, stats.favoriteCharacter);

  if (match.result === 'win') {
    next.wins += 1;
    next.currentWinStreak += 1;
    next.longestWinStreak = Math.max(next.longestWinStreak, next.currentWinStreak);
    if (match.paid) {
      const gain = toLamports(match.payoutLamports - match.stakeLamports);
      next.totalEarnings = toLamports(next.totalEarnings + gain);
      next.totalProfit += gain;
      next.biggestWin = maxBig(next.biggestWin, gain);
    }
  } else {
    // A draw ends a win streak as a loss does: it is not a win.
    next.currentWinStreak = 0;
    if (match.result === 'loss') {
      next.losses += 1;
      if (match.paid) {
        next.totalLosses = toLamports(next.totalLosses + match.stakeLamports);
        next.totalProfit -= match.stakeLamports;
        next.biggestLoss = maxBig(next.biggestLoss, match.stakeLamports);
      }
    } else {
      next.draws += 1;
    }
  }

  next.experience += xpForMatch(match.result);
  next.level = Math.max(stats.level, levelFromXp(next.experience));
  return next;
}
