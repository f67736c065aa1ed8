// The history of landed transactions: by signature (getTransaction, getSignatureStatuses,
// duplicate detection) and by address (getSignaturesForAddress). A transaction becomes visible
// to readers only `confirmationLagMs` after it landed, so tests can exercise "not found yet";
// duplicate detection sees it at once, as a validator's status cache does.
import type { TransactionErrorJson } from './transaction-errors';
import type { DecodedMessage } from './wire-transaction';

export interface InnerInstructionGroup {
  index: number;
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number | null }[];
}

export interface TransactionRecord {
  signature: string;
  signatures: string[];
  slot: number;
  blockTime: number;
  /** The transaction exactly as it was sent. */
  wire: Uint8Array;
  message: DecodedMessage;
  /** Static keys, then the keys loaded from lookup tables (writable, then read-only). */
  accountKeys: string[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  err: TransactionErrorJson | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  logs: string[];
  innerInstructions: InnerInstructionGroup[];
  computeUnitsConsumed: bigint;
  returnData: { programId: string; data: string } | null;
  /** Wall-clock milliseconds when it landed (the lag counts from here). */
  landedAt: number;
}

export interface AddressQuery {
  limit: number;
  before?: string;
  until?: string;
}

export class TransactionIndex {
  private readonly records: TransactionRecord[] = [];
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly byAddress = new Map<string, TransactionRecord[]>();
  private readonly bySlot = new Map<number, TransactionRecord>();

  constructor(
    private readonly confirmationLagMs: number,
    /** Wall-clock ms; a test passes its own to step over the lag without waiting. */
    readonly now: () => number = Date.now,
  ) {}

  add(record: TransactionRecord): void {
    this.records.push(record);
    this.bySignature.set(record.signature, record);
    this.bySlot.set(record.slot, record);
    for (const key of new Set(record.accountKeys)) {
      const list = this.byAddress.get(key);
      if (list) list.push(record);
      else this.byAddress.set(key, [record]);
    }
  }

  /** Landed at all, visible or not: a second copy must be refused as AlreadyProcessed. */
  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  /** When readers may see this record (wall-clock ms). */
  visibleAt(record: TransactionRecord): number {
    return record.landedAt + this.confirmationLagMs;
  }

  isVisible(record: TransactionRecord, now = this.now()): boolean {
    return now >= this.visibleAt(record);
  }

  /** The record if it has landed and the confirmation lag has passed. */
  find(signature: string): TransactionRecord | null {
    const record = this.bySignature.get(signature);
    return record && this.isVisible(record) ? record : null;
  }

  /** Any record, visible or not (subscriptions wait for the visibility time themselves). */
  findLanded(signature: string): TransactionRecord | null {
    return this.bySignature.get(signature) ?? null;
  }

  /** Visible transactions touching an address, newest first, paged like getSignaturesForAddress. */
  forAddress(address: string, query: AddressQuery): TransactionRecord[] {
    const list = this.byAddress.get(address) ?? [];
    const now = this.now();
    let start = list.length - 1;
    if (query.before !== undefined) {
      const before = this.bySignature.get(query.before);
      if (!before) return [];
      // Start just below `before`; when it does not touch this address, below its slot.
      start = list.lastIndexOf(before) - 1;
      if (start < -1) {
        start = list.length - 1;
        while (start >= 0 && (list[start] as TransactionRecord).slot >= before.slot) start--;
      }
    }
    const result: TransactionRecord[] = [];
    for (let i = start; i >= 0 && result.length < query.limit; i--) {
      const record = list[i] as TransactionRecord;
      if (record.signature === query.until) break;
      if (this.isVisible(record, now)) result.push(record);
    }
    return result;
  }

  /** The slot of the oldest transaction still inside the confirmation lag, or null. */
  oldestHiddenSlot(now = this.now()): number | null {
    let slot: number | null = null;
    // Records land in order and the lag is fixed, so the hidden ones are a suffix of the list.
    for (let i = this.records.length - 1; i >= 0; i--) {
      const record = this.records[i] as TransactionRecord;
      if (this.isVisible(record, now)) break;
      slot = record.slot;
    }
    return slot;
  }

  /** The transaction that made the block at this slot (each transaction is a block of its own). */
  atSlot(slot: number): TransactionRecord | null {
    return this.bySlot.get(slot) ?? null;
  }

  get count(): number {
    return this.records.length;
  }

  all(): readonly TransactionRecord[] {
    return this.records;
  }
}
