// The chain's side of a chaos run's audit (docs/security.md 12, 27, 28): each player's balance
// moved by exactly what the record says it is owed minus what it sent, and every transfer the
// treasury made to a player is one ledger row's, and the reverse — a second payout would show as an
// unrecorded transfer and as a balance too high.
import { address, signature as toSignature } from '@solana/kit';
import type { ChainClient } from '../chain-client';
import type { BookRow } from './money-books';
import type { StormPlayer } from './storm-player';
import type { StormRecord } from './storm-record';

/**
 * Players whose balance is not initial − spent + owed, as sentences (empty: all match). `pending`:
 * amounts that may or may not have come back yet (held stakes): any of them may be in the balance.
 */
export async function balanceMismatches(
  chain: ChainClient,
  players: readonly StormPlayer[],
  record: StormRecord,
  owed: ReadonlyMap<string, bigint>,
  pending: readonly { readonly wallet: string; readonly lamports: bigint }[] = [],
): Promise<string[]> {
  const mismatches: string[] = [];
  for (const player of players) {
    const expected = player.initialLamports - record.spentBy(player.address) + (owed.get(player.address) ?? 0n);
    const actual = await chain.balance(player.address);
    const maybe = pending.filter((entry) => entry.wallet === player.address).map((entry) => entry.lamports);
    if (!subsetSums(maybe).has(actual - expected)) {
      mismatches.push(`${player.name} ${player.address}: balance ${actual}, expected ${expected}${maybe.length > 0 ? ` (+ any of ${maybe.join(', ')})` : ''} (${actual - expected > 0n ? '+' : ''}${actual - expected})`);
    }
  }
  return mismatches;
}

function subsetSums(amounts: readonly bigint[]): Set<bigint> {
  let sums = new Set<bigint>([0n]);
  for (const amount of amounts) sums = new Set([...sums, ...[...sums].map((sum) => sum + amount)]);
  return sums;
}

/** Treasury transfers to players that no ledger row names, and ledger rows the chain lacks. */
export async function transferMismatches(chain: ChainClient, players: readonly StormPlayer[], record: StormRecord, rows: readonly BookRow[]): Promise<{ unrecorded: string[]; missing: string[] }> {
  const unrecorded: string[] = [];
  const missing: string[] = [];
  const treasury = chain.treasury.address as string;
  const stakes = new Set(record.stakes.map((stake) => stake.signature));
  for (const player of players) {
    const listed = await chain.rpc.getSignaturesForAddress(address(player.address), { commitment: 'confirmed', limit: 1_000 }).send();
    const onChain = new Set(listed.filter((entry) => entry.err === null).map((entry) => entry.signature as string));
    const booked = new Set(rows.filter((row) => row.wallet === player.address && (row.kind === 'payout' || row.kind === 'refund') && row.signature).map((row) => row.signature as string));
    for (const signature of booked) if (!onChain.has(signature)) missing.push(`${player.name}: ledger transfer ${signature} is not on chain`);
    for (const signature of onChain) {
      if (stakes.has(signature) || booked.has(signature)) continue;
      // What is left is the faucet's airdrop, or a transfer the treasury made without a row.
      const landed = await chain.rpc.getTransaction(toSignature(signature), { commitment: 'confirmed', encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
      const payer = landed?.transaction.message.accountKeys[0];
      if (payer === treasury) unrecorded.push(`${player.name}: treasury transfer ${signature} is in no ledger row`);
    }
  }
  return { unrecorded, missing };
}

/** Which of `signatures` the chain has (landed, whatever the ledger row says). */
export async function landedOf(chain: ChainClient, signatures: readonly string[]): Promise<Set<string>> {
  const landed = new Set<string>();
  for (let start = 0; start < signatures.length; start += 100) {
    const batch = signatures.slice(start, start + 100);
    const { value } = await chain.rpc.getSignatureStatuses(batch.map((one) => toSignature(one)), { searchTransactionHistory: true }).send();
    value.forEach((status, index) => {
      if (status !== null) landed.add(batch[index] as string);
    });
  }
  return landed;
}
