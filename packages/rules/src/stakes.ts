import { parseScaledDecimal } from './decimal';
import { type Lamports, LAMPORTS_PER_SOL } from './lamports';

// The stake ladder: USD labels, each tier the sum of the two before it from 5$ on
// ("Fibonacci-like"). Only the first three are selectable; the rest are shown
// disabled. The SOL amount is fixed when the server issues betInfo (docs/money.md).

export const STAKE_LABELS = ['Free!', '5$', '10$', '15$', '25$', '40$', '65$', '105$', '170$'] as const;
export type StakeLabel = (typeof STAKE_LABELS)[number];

const STAKE_USD: Readonly<Record<StakeLabel, number>> = {
  'Free!': 0,
  '5$': 5,
  '10$': 10,
  '15$': 15,
  '25$': 25,
  '40$': 40,
  '65$': 65,
  '105$': 105,
  '170$': 170,
};

/** Tiers at this index or beyond cannot be chosen. */
export const ENABLED_STAKE_COUNT = 3;

export interface StakeTier {
  readonly index: number;
  readonly label: StakeLabel;
  /** Whole US dollars; 0 for the free tier. */
  readonly usd: number;
  readonly enabled: boolean;
}

export const STAKE_TIERS: readonly StakeTier[] = STAKE_LABELS.map((label, index) => ({
  index,
  label,
  usd: STAKE_USD[label],
  enabled: index < ENABLED_STAKE_COUNT,
}));

/** The tier with this label, enabled or not; undefined for an unknown label. */
export function findStakeTier(label: string): StakeTier | undefined {
  return STAKE_TIERS.find((tier) => tier.label === label);
}

/** The tier at this position of the ladder; undefined outside it. */
export function stakeTierAt(index: number): StakeTier | undefined {
  return Number.isInteger(index) ? STAKE_TIERS[index] : undefined;
}

/** Whether a label or index names a tier a player may choose; unknown ones are not. */
export function isStakeEnabled(labelOrIndex: string | number): boolean {
  const tier = typeof labelOrIndex === 'number' ? stakeTierAt(labelOrIndex) : findStakeTier(labelOrIndex);
  return tier?.enabled ?? false;
}

/** Prices are kept in micro-USD per SOL so the conversion stays in integers. */
export const USD_PRICE_DECIMALS = 6;
const MICRO_USD_PER_USD = 10n ** BigInt(USD_PRICE_DECIMALS);

/**
 * The configured SOL/USD price ("150.25") as integer micro-USD per SOL (150_250_000n).
 * Zero, negatives, more than 6 decimals and anything but plain decimal text throw RangeError:
 * a wrong price would mis-charge every paid game.
 */
export function parseUsdPrice(text: string): bigint {
  const micro = parseScaledDecimal(text, USD_PRICE_DECIMALS);
  if (micro === 0n) throw new RangeError('the SOL/USD price must be greater than zero');
  return micro;
}

/**
 * Whole dollars of the ladder at a price in micro-USD per SOL, in lamports, rounded down so a
 * player is never asked for more than the tier is worth. Free (0) is 0 lamports.
 */
export function usdToLamports(usd: number, priceMicroUsd: bigint): Lamports {
  if (!Number.isSafeInteger(usd) || usd < 0) {
    throw new RangeError(`usd must be a non-negative whole number of dollars, got ${usd}`);
  }
  if (priceMicroUsd <= 0n) throw new RangeError('the SOL/USD price must be greater than zero');
  return ((BigInt(usd) * MICRO_USD_PER_USD * LAMPORTS_PER_SOL) / priceMicroUsd) as Lamports;
}
