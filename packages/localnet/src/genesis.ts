// The fixed facts of this chain. The genesis hash is a constant (sha256 of a label, in base58) so
// it is the same on every machine and across restarts: the server compares it with the cluster
// it was configured for (docs/security.md, row 10). The faucet and the node identity are derived from
// public seeds on purpose — this is a development chain, and anyone may take faucet lamports
// through requestAirdrop anyway — so their addresses are stable and can be documented.
import { createHash } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';
import { EpochSchedule, LiteSVM } from 'litesvm';

/** getGenesisHash: base58(sha256("duel-dojo localnet genesis v1")). */
export const GENESIS_HASH = 'HE6WJvhBhMZ5xMjpd2dTsgDhrb5LQBDdXpK5MVzxyZzJ';
/** The faucet's address: the key pair whose 32-byte seed is sha256("duel-dojo localnet faucet v1"). */
export const FAUCET_ADDRESS = '4SmPq7rnYxHgJPxyvkwXMJKCWoEb56tC2APpqyooY8Wh';
/** getIdentity: the key pair whose seed is sha256("duel-dojo localnet identity v1"). */
export const IDENTITY_ADDRESS = '95LTFH8xVcB8o6mtBgS8fsNmxk152cGLnN9bpcAJXAoi';

/** What the faucet holds at genesis: 500 million SOL, like solana-test-validator's faucet. */
export const FAUCET_GENESIS_LAMPORTS = 500_000_000n * 1_000_000_000n;

/** Nominal versions reported by getVersion and in every response's context.apiVersion. */
export const SOLANA_CORE_VERSION = '2.3.0';
export const FEATURE_SET = 3294202862;

export const SLOTS_PER_EPOCH = 432_000;
/**
 * getEpochSchedule, and the runtime's EpochSchedule sysvar: fixed-length epochs from slot 0 (no
 * warmup), as solana-test-validator has them, so epoch = slot / SLOTS_PER_EPOCH everywhere.
 */
export const EPOCH_SCHEDULE = {
  slotsPerEpoch: SLOTS_PER_EPOCH,
  leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
  warmup: false,
  firstNormalEpoch: 0,
  firstNormalSlot: 0,
} as const;
/** A blockhash may be used while the chain is fewer than this many blocks past it (Agave's MAX_PROCESSING_AGE). */
export const MAX_PROCESSING_AGE = 150;

export function seedOf(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest());
}

export function faucetSigner(): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(seedOf('duel-dojo localnet faucet v1'));
}

/**
 * A LiteSVM runtime configured as this chain needs it: the standard builtins, sysvars and SPL
 * programs, signature verification on, and LiteSVM's own blockhash check off — it accepts only
 * its single latest blockhash, while a validator accepts any of the last 150; the block clock
 * checks that window itself before a transaction reaches the runtime. LiteSVM's own epoch schedule
 * warms up; programs must see the schedule that getEpochSchedule reports. LiteSVM also funds an
 * airdrop account of its own, under a random key nobody here can use: it is emptied, so that the
 * faucet is the one reserve and getSupply counts no unreachable lamports.
 */
export function createRuntime(): LiteSVM {
  const runtime = new LiteSVM().withSigverify(true).withBlockhashCheck(false).withLamports(0n);
  const schedule = EPOCH_SCHEDULE;
  runtime.setEpochSchedule(new EpochSchedule(BigInt(schedule.slotsPerEpoch), BigInt(schedule.leaderScheduleSlotOffset), schedule.warmup, BigInt(schedule.firstNormalEpoch), BigInt(schedule.firstNormalSlot)));
  return runtime;
}
