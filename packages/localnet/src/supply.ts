// getSupply's numbers. LiteSVM cannot list every account it holds, but it lists the accounts of one
// owner, and every account here belongs either to a program the runtime starts with (the loaders,
// the native loader, the sysvar owner, the system program...) or to the owner of an account some
// transaction touched — a program can only create accounts inside a transaction. Asking each of
// those owners therefore finds every lamport: total is the sum over all of them. The faucet is the
// reserve that airdrops come from, like the foundation's accounts on mainnet, so its balance is
// the non-circulating supply; everything else circulates.
import type { Address } from '@solana/kit';
import type { Chain } from './chain';
import { FAUCET_ADDRESS } from './genesis';

const GENESIS_OWNERS = [
  '11111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
];

export interface Supply {
  total: bigint;
  circulating: bigint;
  nonCirculating: bigint;
  nonCirculatingAccounts: string[];
}

export function chainSupply(chain: Chain): Supply {
  const owners = new Set(GENESIS_OWNERS);
  for (const address of chain.touched) {
    const account = chain.runtime.getAccount(address as Address);
    if (account.exists) owners.add(account.programAddress);
  }
  const balances = new Map<string, bigint>();
  for (const owner of owners) {
    for (const account of chain.runtime.getProgramAccounts(owner as Address)) balances.set(account.address, BigInt(account.lamports));
  }
  let total = 0n;
  for (const balance of balances.values()) total += balance;
  const nonCirculating = balances.get(FAUCET_ADDRESS) ?? 0n;
  return { total, circulating: total - nonCirculating, nonCirculating, nonCirculatingAccounts: [FAUCET_ADDRESS] };
}
