// The local cluster's treasury is funded by airdrop on first start (README.md), and
// the airdrop is money in like any other: a `top_up` ledger row. The row is written before the
// airdrop is asked for and completed with its signature, so a crash in between is recognised
// on the next start instead of silently airdropping twice.
import { setTimeout as sleep } from 'node:timers/promises';
import { toLamports } from '@duel-dojo/rules';
import type { TreasuryChain } from './chain-port';
import type { Logger } from './pay-out';
import type { LedgerStore } from './ports';

export const INITIAL_TOP_UP_KEY = 'top_up:initial-airdrop';
const CONFIRM_ATTEMPTS = 100;
const CONFIRM_PAUSE_MS = 200;

export async function fundTreasuryByAirdrop(deps: { store: LedgerStore; chain: TreasuryChain; log: Logger }, lamports: bigint): Promise<void> {
  const { store, chain, log } = deps;
  const treasury = chain.treasury;
  let row = await store.findByKey(INITIAL_TOP_UP_KEY);
  if (row?.status === 'confirmed') return;
  if (!row) row = await store.recordTopUp({ idempotencyKey: INITIAL_TOP_UP_KEY, wallet: treasury, amount: toLamports(lamports), signature: null, status: 'pending' });

  let signature = row.signature;
  if (signature === null) {
    // Died after asking last time? The treasury was new then, so its first transaction is it.
    const earlier = await chain.treasurySignatures();
    signature = earlier.length > 0 ? (earlier[earlier.length - 1] as string) : await chain.requestAirdrop(lamports);
    await store.recordTopUp({ idempotencyKey: INITIAL_TOP_UP_KEY, wallet: treasury, amount: toLamports(lamports), signature, status: 'pending' });
  }

  for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt += 1) {
    const landed = await chain.fetchTransfer(signature);
    if (landed) {
      const index = landed.accountKeys.indexOf(treasury);
      const received = toLamports(index < 0 ? 0n : (landed.postBalances[index] ?? 0n) - (landed.preBalances[index] ?? 0n));
      await store.recordTopUp({ idempotencyKey: INITIAL_TOP_UP_KEY, wallet: treasury, amount: received, signature, status: 'confirmed' });
      log.info({ treasury, lamports: String(received), signature }, 'treasury funded by airdrop');
      return;
    }
    await sleep(CONFIRM_PAUSE_MS);
  }
  throw new Error(`the treasury airdrop ${signature} did not confirm`);
}
