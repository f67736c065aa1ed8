// The SlotHashes sysvar: the most recent 512 slots with their hashes, newest first. Programs use it
// to check that a slot they are given is recent — the address lookup table program derives a
// table's address from such a slot and refuses one it cannot find here — so it has to follow the
// chain's blocks. LiteSVM leaves it at one fixed entry. A validator stores bank hashes; this chain
// has none, so each slot's blockhash stands in for its bank hash.
import { lamports, type Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

export const SLOT_HASHES_ADDRESS = 'SysvarS1otHashes111111111111111111111111111';
const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
/** Agave's MAX_ENTRIES. */
const MAX_ENTRIES = 512;
const LENGTH_PREFIX = 8;
const ENTRY_SIZE = 8 + 32;
/** The account is always allocated for 512 entries (bincode: u64 length, then slot + hash pairs). */
const ACCOUNT_SIZE = LENGTH_PREFIX + MAX_ENTRIES * ENTRY_SIZE;

/**
 * The sysvar's bytes kept here and written whole after each block: shifting 20 KB is cheaper than
 * re-encoding 512 base58 hashes every block.
 */
export class SlotHashesSysvar {
  private readonly data = new Uint8Array(ACCOUNT_SIZE);
  private readonly view = new DataView(this.data.buffer);
  private count = 0;
  private readonly lamports: bigint;

  constructor(private readonly runtime: LiteSVM) {
    const existing = runtime.getAccount(SLOT_HASHES_ADDRESS as Address);
    this.lamports = existing.exists ? BigInt(existing.lamports) : runtime.minimumBalanceForRentExemption(BigInt(ACCOUNT_SIZE));
  }

  /** Record a sealed block; call write() once the batch of pushes is done. */
  push(slot: number, hash: Uint8Array): void {
    this.data.copyWithin(LENGTH_PREFIX + ENTRY_SIZE, LENGTH_PREFIX, ACCOUNT_SIZE - ENTRY_SIZE);
    this.view.setBigUint64(LENGTH_PREFIX, BigInt(slot), true);
    this.data.set(hash, LENGTH_PREFIX + 8);
    this.count = Math.min(this.count + 1, MAX_ENTRIES);
    this.view.setBigUint64(0, BigInt(this.count), true);
  }

  /** Store the sysvar in the runtime (LiteSVM refreshes its sysvar cache from the account). */
  write(): void {
    this.runtime.setAccount({
      address: SLOT_HASHES_ADDRESS as Address,
      programAddress: SYSVAR_OWNER as Address,
      lamports: lamports(this.lamports),
      executable: false,
      data: this.data,
      space: BigInt(ACCOUNT_SIZE),
    });
  }
}
