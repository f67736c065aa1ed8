import { formatSol } from './lamports';

// Display formatting, shared so every screen shows wallets, names and
// amounts alike. Amounts go through formatSol: integer math, cut rather than rounded.

/** First 4 + "..." + last 4; a short address is already short enough to show whole. */
export function shortenWallet(address: string): string {
  return address.length <= 8 ? address : `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/** The name a player has until they choose one: "Duelist_" + first 4 + last 4 of the wallet. */
export function defaultDisplayName(wallet: string): string {
  return `Duelist_${wallet.slice(0, 4)}${wallet.slice(-4)}`;
}

/** The player id shown on a profile: "#" + the wallet's last 4 characters. */
export function playerTag(wallet: string): string {
  return `#${wallet.slice(-4)}`;
}

/** Wallet balance in SOL with 4 decimals. */
export function formatBalance(lamports: bigint): string {
  return formatSol(lamports, 4);
}

/** Marketplace prices in SOL with 3 decimals. */
export function formatMarketPrice(lamports: bigint): string {
  return formatSol(lamports, 3);
}

/**
 * Wins as a share of matches with one decimal and a percent sign: 2 of 3 -> "66.7%". Rounded
 * half up in integers, so the same stats always show the same text on every host.
 */
export function winRate(wins: number, totalMatches: number): string {
  for (const [name, value] of [['wins', wins], ['totalMatches', totalMatches]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  if (totalMatches === 0) return '0.0%';
  const tenths = (BigInt(wins) * 2000n + BigInt(totalMatches)) / (2n * BigInt(totalMatches));
  return `${tenths / 10n}.${tenths % 10n}%`;
}
