// Stake tiers as the server converts them: USD at /api/config's price into lamports, rounded
// down, and the winner's payout of two stakes; amounts shown like the navbar (4 decimals, cut).

/** A stake tier in lamports at the server's price. */
export async function stakeLamports(baseUrl: string, usd: number): Promise<bigint> {
  const { solUsdPrice } = (await (await fetch(`${baseUrl}/api/config`)).json()) as { solUsdPrice: string };
  const [whole = '0', fraction = ''] = solUsdPrice.split('.');
  const microUsd = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return (BigInt(usd) * 1_000_000n * 1_000_000_000n) / microUsd;
}

/** floor((stake + stake) × 97 / 100). */
export const payoutOf = (stake: bigint): bigint => (stake * 2n * 97n) / 100n;

/** "0.0333 SOL": 4 decimals, cut. */
export const sol4 = (lamports: bigint): string => `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0').slice(0, 4)} SOL`;
