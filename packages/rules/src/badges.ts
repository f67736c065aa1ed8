import { LAMPORTS_PER_SOL } from './lamports';

// The 12 badges, computed from a player's stats. Avatar Collector can never be
// unlocked yet (avatars do not exist); it is still listed so the badge wall shows all twelve.
// Tournament Fighter, once never unlocked, is earned since tournaments are played here.

export interface BadgeInput {
  readonly totalMatches: number;
  readonly wins: number;
  readonly paidGamesPlayed: number;
  readonly longestWinStreak: number;
  /** Tournament matches fought to a result or a draw. */
  readonly tournamentMatchesPlayed: number;
  /** Lamports won in total. */
  readonly totalEarnings: bigint;
  readonly level: number;
}

export interface BadgeProgress {
  /** Capped at `target`, so a progress bar never overflows. */
  readonly current: number;
  readonly target: number;
}

export interface Badge {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly unlocked: boolean;
  /** null for a badge that cannot be earned yet. */
  readonly progress: BadgeProgress | null;
}

const TREASURE_HUNTER_SOL = 10n;

interface BadgeRule {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The stat measured and its goal; null when the badge is never unlocked. */
  readonly measure: ((input: BadgeInput) => number) | null;
  readonly target: number;
}

/** Whole SOL earned, rounded down: 9.99 SOL has not reached 10. */
function earnedSol(input: BadgeInput): number {
  return Number(input.totalEarnings / LAMPORTS_PER_SOL);
}

const BADGE_RULES: readonly BadgeRule[] = [
  { id: 'welcome-warrior', name: 'Welcome Warrior', description: 'Play your first match.', measure: (s) => s.totalMatches, target: 1 },
  { id: 'first-blood', name: 'First Blood', description: 'Win your first match.', measure: (s) => s.wins, target: 1 },
  { id: 'high-stakes-samurai', name: 'High Stakes Samurai', description: 'Play 10 paid games.', measure: (s) => s.paidGamesPlayed, target: 10 },
  { id: 'avatar-collector', name: 'Avatar Collector', description: 'Collect avatars. Coming soon.', measure: null, target: 0 },
  { id: 'unstoppable-force', name: 'Unstoppable Force', description: 'Win 5 matches in a row.', measure: (s) => s.longestWinStreak, target: 5 },
  // Both goals are 50, so the smaller of the two counts is exactly how far along the badge is.
  { id: 'dojo-veteran', name: 'Dojo Veteran', description: 'Play 50 paid games and win 50 matches.', measure: (s) => Math.min(s.paidGamesPlayed, s.wins), target: 50 },
  { id: 'arena-champion', name: 'Arena Champion', description: 'Win 25 matches.', measure: (s) => s.wins, target: 25 },
  { id: 'treasure-hunter', name: 'Treasure Hunter', description: `Earn ${TREASURE_HUNTER_SOL} SOL in total.`, measure: earnedSol, target: Number(TREASURE_HUNTER_SOL) },
  { id: 'sensei-rank', name: 'Sensei Rank', description: 'Reach level 20.', measure: (s) => s.level, target: 20 },
  { id: 'legendary-shogun', name: 'Legendary Shogun', description: 'Win 100 matches.', measure: (s) => s.wins, target: 100 },
  { id: 'master-of-stakes', name: 'Master of Stakes', description: 'Play 100 paid games.', measure: (s) => s.paidGamesPlayed, target: 100 },
  { id: 'tournament-fighter', name: 'Tournament Fighter', description: 'Fight a match in a tournament.', measure: (s) => s.tournamentMatchesPlayed, target: 1 },
];

/** Every badge in the product's order, with whether it is unlocked and how far along it is. */
export function computeBadges(input: BadgeInput): Badge[] {
  return BADGE_RULES.map((rule) => {
    const base = { id: rule.id, name: rule.name, description: rule.description };
    if (rule.measure === null) return { ...base, unlocked: false, progress: null };
    const raw = rule.measure(input);
    // A missing or corrupt stat counts as no progress rather than unlocking anything.
    const value = Number.isFinite(raw) ? Math.max(0, Math.floor(raw)) : 0;
    return {
      ...base,
      unlocked: value >= rule.target,
      progress: { current: Math.min(value, rule.target), target: rule.target },
    };
  });
}
