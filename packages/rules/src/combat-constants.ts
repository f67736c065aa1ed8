// Every number of the combat rules. The first five are the product's; the rest are ours where
// it leaves a number open, and how-to-play.ts prints them from here so the guide and the
// game can never disagree.
import { MAX_HEALTH } from './roster';

/** Attack damage = BASE_DAMAGE × attacker fight ÷ defender defend × random factor. */
export const BASE_DAMAGE = 12;
/** Healing = defend ÷ HEAL_DIVISOR (defend 60 heals 20). */
export const HEAL_DIVISOR = 3;
/** A correct prediction adds +20 % to damage or healing. */
export const PREDICTION_BONUS = 1.2;
/** No action in a round costs 5 HP. */
export const INACTIVITY_PENALTY = 5;

/**
 * Ours: in Attack vs Dodge with a wrong read, the attacker takes recoil worth half of the hit it
 * swung (+20 % when the dodger predicted the attack). Half keeps attacking a risk without making
 * a missed swing as bad as being hit.
 */
export const ATTACK_RECOIL_SHARE = 0.5;
/**
 * Ours: a counter — the damage a correct read lands in Dodge vs Dodge, or that a healer who read
 * the dodge lands in Dodge vs Heal — is half of a normal hit. The read itself is the bonus.
 */
export const COUNTER_SHARE = 0.5;
/** Ours: every damage and heal amount is rounded to the nearest whole HP, halves up. */
export const ROUNDING = 'nearest whole HP, halves up' as const;
/** Ours: a hit that lands always does at least 1 HP. */
export const MIN_HIT_DAMAGE = 1;

/**
 * Ours: sudden death, so that every game ends. From this round on nobody heals, and each round
 * both fighters lose SUDDEN_DEATH_DRAIN_STEP × (rounds into sudden death) HP on top of the
 * exchange: 10, 20, 30, 40… With heals stopped, 10 + 20 + 30 + 40 = 100 empties any health bar,
 * so no game lasts beyond MAX_ROUNDS.
 */
export const SUDDEN_DEATH_ROUND = 10;
export const SUDDEN_DEATH_DRAIN_STEP = 10;

/** The number of sudden-death rounds after which any health bar is empty. */
function suddenDeathRoundsToEmpty(): number {
  let drained = 0;
  let rounds = 0;
  while (drained < MAX_HEALTH) {
    rounds += 1;
    drained += SUDDEN_DEATH_DRAIN_STEP * rounds;
  }
  return rounds;
}

/** No game lasts longer than this many rounds, whatever both players do. */
export const MAX_ROUNDS = SUDDEN_DEATH_ROUND - 1 + suddenDeathRoundsToEmpty();
