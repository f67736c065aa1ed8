// Blocks. LiteSVM has no notion of blocks, so the chain's slot, block height, blockhashes and
// block times live here. Every block advances slot and height by one (no skipped slots) and gets
// a fresh random blockhash; the last 150 blockhashes stay valid, as on a validator, and the
// runtime's Clock sysvar is kept on the slot being built with the wall-clock time.
import { randomBytes } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { Clock, type LiteSVM } from 'litesvm';
import { GENESIS_HASH, MAX_PROCESSING_AGE, SLOTS_PER_EPOCH } from './genesis';

export interface BlockInfo {
  slot: number;
  blockHeight: number;
  blockhash: string;
  /** Unix seconds, as in getBlockTime. */
  blockTime: number;
}

/** Blocks remembered in full: enough for the blockhash window and getBlockTime of recent slots. */
const RECENT_BLOCKS = 512;
const base58 = getBase58Decoder();

export class BlockClock {
  private readonly recent: BlockInfo[];
  private readonly heightByHash = new Map<string, number>();

  constructor(
    private readonly runtime: LiteSVM,
    restored: BlockInfo[] = [],
  ) {
    this.recent = restored.length > 0 ? restored.slice(-RECENT_BLOCKS) : [{ slot: 0, blockHeight: 0, blockhash: GENESIS_HASH, blockTime: unixNow() }];
    for (const block of this.recent) this.heightByHash.set(block.blockhash, block.blockHeight);
    this.syncRuntimeClock();
  }

  get head(): BlockInfo {
    return this.recent[this.recent.length - 1] as BlockInfo;
  }

  /** The slot the next transaction executes in. */
  get pendingSlot(): number {
    return this.head.slot + 1;
  }

  /** Seal the block being built and start the next one. */
  produce(): BlockInfo {
    const parent = this.head;
    const block: BlockInfo = {
      slot: parent.slot + 1,
      blockHeight: parent.blockHeight + 1,
      blockhash: base58.decode(randomBytes(32)),
      blockTime: Math.max(parent.blockTime, unixNow()),
    };
    this.recent.push(block);
    this.heightByHash.set(block.blockhash, block.blockHeight);
    if (this.recent.length > RECENT_BLOCKS) {
      const dropped = this.recent.shift() as BlockInfo;
      this.heightByHash.delete(dropped.blockhash);
    }
    this.syncRuntimeClock();
    return block;
  }

  /** lastValidBlockHeight of the latest blockhash: a transaction using it may land up to this height. */
  get lastValidBlockHeight(): number {
    return this.head.blockHeight + MAX_PROCESSING_AGE;
  }

  /** Whether a transaction with this blockhash may still land in the next block. */
  isBlockhashValid(blockhash: string): boolean {
    const height = this.heightByHash.get(blockhash);
    return height !== undefined && this.head.blockHeight - height < MAX_PROCESSING_AGE;
  }

  /** The time of a recent block, or null when the slot is older than what is remembered. */
  blockTime(slot: number): number | null {
    const first = this.recent[0] as BlockInfo;
    return this.recent[slot - first.slot]?.blockTime ?? null;
  }

  snapshot(): BlockInfo[] {
    return [...this.recent];
  }

  /** LiteSVM's Clock sysvar: the slot being built, its epoch, and the wall clock. */
  private syncRuntimeClock(): void {
    const slot = BigInt(this.pendingSlot);
    const epoch = slot / BigInt(SLOTS_PER_EPOCH);
    const previous = this.runtime.getClock();
    this.runtime.setClock(new Clock(slot, previous.epochStartTimestamp, epoch, epoch + 1n, BigInt(unixNow())));
  }
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
