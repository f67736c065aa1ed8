// XP and levels (ours: the product shows levels and rank titles but not how XP is earned). A
// quadratic curve makes early levels quick and later ones a real achievement; integer math
// keeps the server's level and the profile screen's level identical at every boundary.

export type MatchResult = 'win' | 'loss' | 'draw';

export const XP_PER_MATCH = 10;
/** Extra XP for a win, on top of XP_PER_MATCH. */
export const XP_PER_WIN = 20;
/** Extra XP for a draw, on top of XP_PER_MATCH. */
export const XP_PER_DRAW = 5;
/** Level L needs LEVEL_XP_FACTOR × (L − 1)² XP in total. */
export const LEVEL_XP_FACTOR = 50;

export function xpForMatch(result: MatchResult): number {
  switch (result) {
    case 'win':
      return XP_PER_MATCH + XP_PER_WIN;
    case 'draw':
      return XP_PER_MATCH + XP_PER_DRAW;
    case 'loss':
      return XP_PER_MATCH;
    default:
      throw new RangeError(`unknown match result: ${String(result)}`);
  }
}

function assertXp(xp: number): void {
  if (!Number.isSafeInteger(xp) || xp < 0) throw new RangeError(`xp must be a non-negative integer, got ${xp}`);
}

/** Total XP at which `level` starts: 50 × (level − 1)². */
export function xpForLevel(level: number): number {
  if (!Number.isSafeInteger(level) || level < 1) throw new RangeError(`level must be an integer from 1, got ${level}`);
  return LEVEL_XP_FACTOR * (level - 1) ** 2;
}

/** floor(√n), corrected so a rounding error of Math.sqrt can never move a level boundary. */
function integerSqrt(n: number): number {
  let root = Math.floor(Math.sqrt(n));
  while (root * root > n) root -= 1;
  while ((root + 1) * (root + 1) <= n) root += 1;
  return root;
}

/** The highest level whose threshold `xp` has reached. */
export function levelFromXp(xp: number): number {
  assertXp(xp);
  // 50 × (L − 1)² ≤ xp  ⟺  (L − 1)² ≤ floor(xp / 50), since the left side is a whole number.
  return integerSqrt(Math.floor(xp / LEVEL_XP_FACTOR)) + 1;
}

export interface LevelProgress {
  readonly level: number;
  /** XP earned since the current level began. */
  readonly xpIntoLevel: number;
  /** XP the current level spans: from its start to the next level's start. */
  readonly xpForNextLevel: number;
}

/** Where `xp` stands within its level, for a progress bar: xpIntoLevel / xpForNextLevel. */
export function levelProgress(xp: number): LevelProgress {
  const level = levelFromXp(xp);
  const start = xpForLevel(level);
  return { level, xpIntoLevel: xp - start, xpForNextLevel: xpForLevel(level + 1) - start };
}

/** The profile's rank titles by level, highest first. */
export const RANK_TITLES = [
  { minLevel: 50, title: 'Grand Master' },
  { minLevel: 40, title: 'Master Duelist' },
  { minLevel: 30, title: 'Expert Fighter' },
  { minLevel: 20, title: 'Skilled Warrior' },
  { minLevel: 10, title: 'Rising Champion' },
  { minLevel: 5, title: 'Arena Fighter' },
  { minLevel: 1, title: 'Arena Novice' },
] as const;

export type RankTitle = (typeof RANK_TITLES)[number]['title'];

/** Levels below 1 (or not a number) get the first title rather than none. */
export function rankTitle(level: number): RankTitle {
  return RANK_TITLES.find((rank) => level >= rank.minLevel)?.title ?? 'Arena Novice';
}

/** 18050 -> "18,050", without depending on the host's Intl data. */
function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The curve in words, for the how-to-play and profile screens; built from the constants. */
export const LEVEL_CURVE_TEXT =
  `Every match earns ${XP_PER_MATCH} XP, plus ${XP_PER_WIN} more for a win or ${XP_PER_DRAW} more for a draw. ` +
  `Level L needs ${LEVEL_XP_FACTOR} × (L − 1)² XP in total: level 2 at ${xpForLevel(2)} XP, ` +
  `level 3 at ${xpForLevel(3)}, level 5 at ${xpForLevel(5)}, level 10 at ${withThousands(xpForLevel(10))} ` +
  `and level 20 at ${withThousands(xpForLevel(20))}.`;
