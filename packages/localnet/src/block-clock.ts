// Blocks. LiteSVM has no notion of blocks, so the chain's slot, block height, blockhashes and
// block times live here. Every block advances slot and height by one (no skipped slots) and gets
// a fresh random blockhash; the last 150 blockhashes stay valid, as on a validator, and the
// runtime's Clock and SlotHashes sysvars are kept on the slot being built. The last KEPT_BLOCKS
// blocks are remembered whole: they are the ledger that getBlock, getBlocks and getBlockTime read
// (the transaction of each slot is in the transaction index), and older ones are forgotten, as a
// validator purges its ledger.
import { randomBytes } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { Clock, type LiteSVM } from 'litesvm';
import { GENESIS_HASH, MAX_PROCESSING_AGE, SLOTS_PER_EPOCH } from './genesis';
import { SlotHashesSysvar } from './slot-hashes';

export interface BlockInfo {
  slot: number;
  blockHeight: number;
  blockhash: string;
  /** The parent block's blockhash; for the genesis block the all-zero hash, as Agave shows it. */
  previousBlockhash: string;
  /** Unix seconds, as in getBlockTime. */
  blockTime: number;
}

/** A block as saved: the parent's hash may be left out (see withParentHashes). */
export type SavedBlock = Omit<BlockInfo, 'previousBlockhash'> & { previousBlockhash?: string };

/** About 27 minutes of 400 ms blocks; holds the blockhash window (150) and SlotHashes (512) too. */
export const KEPT_BLOCKS = 4096;
const ZERO_HASH = '11111111111111111111111111111111';
const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();

export class BlockClock {
  private readonly recent: BlockInfo[];
  private readonly heightByHash = new Map<string, number>();
  private readonly slotHashes: SlotHashesSysvar;

  constructor(
    private readonly runtime: LiteSVM,
    restored: SavedBlock[] = [],
  ) {
    this.recent = restored.length > 0 ? withParentHashes(restored.slice(-KEPT_BLOCKS)) : [{ slot: 0, blockHeight: 0, blockhash: GENESIS_HASH, previousBlockhash: ZERO_HASH, blockTime: unixNow() }];
    for (const block of this.recent) this.heightByHash.set(block.blockhash, block.blockHeight);
    this.slotHashes = new SlotHashesSysvar(runtime);
    for (const block of this.recent.slice(-512)) this.slotHashes.push(block.slot, new Uint8Array(base58Bytes.encode(block.blockhash)));
    this.syncRuntime();
  }

  get head(): BlockInfo {
    return this.recent[this.recent.length - 1] as BlockInfo;
  }

  /** The oldest block still remembered (getFirstAvailableBlock). */
  get first(): BlockInfo {
    return this.recent[0] as BlockInfo;
  }

  /** The slot the next transaction executes in. */
  get pendingSlot(): number {
    return this.head.slot + 1;
  }

  /** Seal the block being built and start the next one. */
  produce(): BlockInfo {
    const parent = this.head;
    const hash = randomBytes(32);
    const block: BlockInfo = {
      slot: parent.slot + 1,
      blockHeight: parent.blockHeight + 1,
      blockhash: base58.decode(hash),
      previousBlockhash: parent.blockhash,
      blockTime: Math.max(parent.blockTime, unixNow()),
    };
    this.recent.push(block);
    this.heightByHash.set(block.blockhash, block.blockHeight);
    if (this.recent.length > KEPT_BLOCKS) {
      const dropped = this.recent.shift() as BlockInfo;
      this.heightByHash.delete(dropped.blockhash);
    }
    this.slotHashes.push(block.slot, hash);
    this.syncRuntime();
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

  /** A remembered block, or null when the slot is older than what is kept or not produced yet. */
  block(slot: number): BlockInfo | null {
    return this.recent[slot - this.first.slot] ?? null;
  }

  /** The time of a remembered block, or null. */
  blockTime(slot: number): number | null {
    return this.block(slot)?.blockTime ?? null;
  }

  snapshot(): BlockInfo[] {
    return [...this.recent];
  }

  /** LiteSVM's Clock sysvar (the slot being built, its epoch, the wall clock) and SlotHashes. */
  private syncRuntime(): void {
    const slot = BigInt(this.pendingSlot);
    const epoch = slot / BigInt(SLOTS_PER_EPOCH);
    const previous = this.runtime.getClock();
    this.runtime.setClock(new Clock(slot, previous.epochStartTimestamp, epoch, epoch + 1n, BigInt(unixNow())));
    this.slotHashes.write();
  }
}

/**
 * Saved blocks follow each other without gaps, so only the oldest carries its parent's hash and
 * the others take the hash of the block before. A chain saved by an earlier version carries none:
 * its oldest block has no known parent and is dropped, unless it is all there is.
 */
function withParentHashes(blocks: SavedBlock[]): BlockInfo[] {
  const filled: BlockInfo[] = [];
  blocks.forEach((block, i) => {
    const previousBlockhash = block.previousBlockhash ?? (block.slot === 0 || blocks.length === 1 ? ZERO_HASH : blocks[i - 1]?.blockhash);
    if (previousBlockhash !== undefined) filled.push({ ...block, previousBlockhash });
  });
  return filled;
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
