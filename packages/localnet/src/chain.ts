// The chain: one LiteSVM runtime, the block clock and the transaction history. A transaction
// that the runtime commits (it succeeded, or it failed after its fee was charged) becomes a block
// of its own; one that the runtime refuses before charging anything (unknown fee payer, bad
// signature, expired blockhash, duplicate) is dropped, exactly as a validator drops it.
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import type { Address } from '@solana/kit';
import { getBase58Decoder, getBase64Decoder, lamports } from '@solana/kit';
import { BlockClock, type BlockInfo, type SavedBlock } from './block-clock';
import { feeFromBalances } from './fees';
import { createRuntime, FAUCET_ADDRESS, FAUCET_GENESIS_LAMPORTS } from './genesis';
import { resolveAccountKeys, type ResolvedKeys } from './lookup-tables';
import { transactionErrorJson, type TransactionErrorJson } from './transaction-errors';
import { TransactionIndex, type InnerInstructionGroup, type TransactionRecord } from './transaction-index';
import type { DecodedTransaction } from './wire-transaction';

const base58 = getBase58Decoder();
const base64 = getBase64Decoder();
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';

export interface BlockEvent {
  block: BlockInfo;
  parentSlot: number;
  /** The transaction that made this block, or null for an empty block. */
  transaction: TransactionRecord | null;
  /** Accounts the transaction may have changed (its writable keys). */
  writableAccounts: string[];
}

export type ExecutionOutcome =
  | { landed: true; record: TransactionRecord }
  | { landed: false; err: TransactionErrorJson; logs: string[] };

export interface ExecutionReport {
  err: TransactionErrorJson | null;
  /** The transaction's keys, lookup-table ones included (inner instructions index into them). */
  accountKeys: string[];
  logs: string[];
  unitsConsumed: bigint;
  returnData: { programId: string; data: string } | null;
  innerInstructions: InnerInstructionGroup[];
  postAccounts: { address: string; lamports: bigint; owner: string; executable: boolean; data: Uint8Array }[];
}

/** What a chain is restored from (persistence.ts). */
export interface ChainState {
  blocks: SavedBlock[];
  accounts: { address: string; lamports: bigint; owner: string; executable: boolean; data: Uint8Array }[];
  transactions: TransactionRecord[];
}

export class Chain {
  readonly runtime: LiteSVM = createRuntime();
  readonly clock: BlockClock;
  readonly history: TransactionIndex;
  /** Every account a transaction has touched: what persistence saves (the rest is LiteSVM's genesis), and where getSupply finds the owners to ask. */
  readonly touched = new Set<string>([FAUCET_ADDRESS]);
  private readonly listeners = new Set<(event: BlockEvent) => void>();

  constructor(options: { confirmationLagMs: number; now?: () => number; restored?: ChainState }) {
    this.history = new TransactionIndex(options.confirmationLagMs, options.now);
    const { restored } = options;
    if (restored) {
      for (const account of restored.accounts) {
        this.runtime.setAccount({ address: account.address as Address, programAddress: account.owner as Address, lamports: lamports(account.lamports), executable: account.executable, data: account.data, space: BigInt(account.data.length) });
        this.touched.add(account.address);
      }
      for (const record of restored.transactions) {
        this.history.add(record);
        for (const key of record.accountKeys) this.touched.add(key);
      }
    } else {
      this.runtime.setAccount({ address: FAUCET_ADDRESS as Address, lamports: lamports(FAUCET_GENESIS_LAMPORTS), programAddress: SYSTEM_PROGRAM as Address, executable: false, data: new Uint8Array(0), space: 0n });
    }
    this.clock = new BlockClock(this.runtime, restored?.blocks);
  }

  /**
   * The newest slot whose block readers may see (getBlock, getBlocks): the head, unless a block's
   * transaction is still inside the confirmation lag — then the slot before that block.
   */
  get confirmedSlot(): number {
    const hidden = this.history.oldestHiddenSlot();
    return hidden === null ? this.clock.head.slot : hidden - 1;
  }

  onBlock(listener: (event: BlockEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  produceEmptyBlock(): void {
    const parentSlot = this.clock.head.slot;
    this.emit({ block: this.clock.produce(), parentSlot, transaction: null, writableAccounts: [] });
  }

  /** Why this transaction cannot land now (duplicate, expired blockhash), or null. */
  admissionError(tx: DecodedTransaction): TransactionErrorJson | null {
    if (this.history.has(tx.signatures[0] as string)) return 'AlreadyProcessed';
    if (!this.clock.isBlockhashValid(tx.message.lifetimeToken)) return 'BlockhashNotFound';
    return null;
  }

  /** Run the transaction against current state without committing anything. */
  simulate(tx: DecodedTransaction, sigVerify: boolean): ExecutionReport {
    const keys = resolveAccountKeys(this.runtime, tx.message);
    if ('err' in keys) return { err: keys.err, accountKeys: tx.message.staticAccounts, logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], postAccounts: [] };
    this.runtime.withSigverify(sigVerify);
    try {
      const result = this.runtime.simulateTransaction(tx.transaction);
      if (result instanceof FailedTransactionMetadata) return { ...reportOf(result.meta(), keys), err: transactionErrorJson(result.err()) };
      const postAccounts = result.postAccounts().map((account) => ({ address: account.address, lamports: BigInt(account.lamports), owner: account.programAddress, executable: account.executable, data: account.data as Uint8Array }));
      return { ...reportOf(result.meta(), keys), err: null, postAccounts };
    } finally {
      this.runtime.withSigverify(true);
    }
  }

  /** Execute for real: commit it as a block, or drop it when the runtime charged nothing. */
  execute(tx: DecodedTransaction, wire: Uint8Array): ExecutionOutcome {
    const refused = this.admissionError(tx);
    if (refused) return { landed: false, err: refused, logs: [] };
    const keys = resolveAccountKeys(this.runtime, tx.message);
    if ('err' in keys) return { landed: false, err: keys.err, logs: [] };
    const balances = () => keys.all.map((key) => this.runtime.getBalance(key as Address) ?? 0n);
    const preBalances = balances();
    const result = this.runtime.sendTransaction(tx.transaction);
    const postBalances = balances();
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    const err = failed ? transactionErrorJson(result.err()) : null;
    const fee = feeFromBalances(preBalances, postBalances);
    if (failed && fee <= 0n) return { landed: false, err: err as TransactionErrorJson, logs: meta.logs() };

    const report = reportOf(meta, keys);
    const parentSlot = this.clock.head.slot;
    const block = this.clock.produce();
    const record: TransactionRecord = {
      signature: tx.signatures[0] as string,
      signatures: tx.signatures,
      slot: block.slot,
      blockTime: block.blockTime,
      wire,
      message: tx.message,
      accountKeys: keys.all,
      loadedAddresses: keys.loaded,
      err,
      fee,
      preBalances,
      postBalances,
      logs: report.logs,
      innerInstructions: report.innerInstructions,
      computeUnitsConsumed: report.unitsConsumed,
      returnData: report.returnData,
      landedAt: this.history.now(),
    };
    this.history.add(record);
    for (const key of keys.all) this.touched.add(key);
    this.emit({ block, parentSlot, transaction: record, writableAccounts: keys.all.filter((_, i) => keys.writable[i]) });
    return { landed: true, record };
  }

  /** Everything persistence needs to rebuild this chain. */
  state(): ChainState {
    const accounts: ChainState['accounts'] = [];
    for (const address of this.touched) {
      const account = this.runtime.getAccount(address as Address);
      // Programs and sysvars come with every fresh LiteSVM; only user state is saved.
      if (!account.exists || account.executable || account.programAddress === SYSVAR_OWNER) continue;
      accounts.push({ address, lamports: BigInt(account.lamports), owner: account.programAddress, executable: false, data: account.data as Uint8Array });
    }
    return { blocks: this.clock.snapshot(), accounts, transactions: [...this.history.all()] };
  }

  private emit(event: BlockEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function reportOf(meta: TransactionMetadata, keys: ResolvedKeys): Omit<ExecutionReport, 'err'> {
  const innerInstructions = meta
    .innerInstructions()
    .map((group, index) => ({
      index,
      instructions: group.map((inner) => {
        const compiled = inner.instruction();
        return { programIdIndex: compiled.programIdIndex(), accounts: Array.from(compiled.accounts()), data: base58.decode(compiled.data()), stackHeight: inner.stackHeight() };
      }),
    }))
    .filter((group) => group.instructions.length > 0 && group.instructions.every((i) => i.programIdIndex < keys.all.length));
  const returned = meta.returnData();
  const returnData = returned.data().length > 0 ? { programId: base58.decode(returned.programId()), data: base64.decode(returned.data()) } : null;
  return { accountKeys: keys.all, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), returnData, innerInstructions, postAccounts: [] };
}
