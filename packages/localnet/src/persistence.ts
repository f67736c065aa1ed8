// Chain state on disk: one JSON file (bigint-exact) under the data directory, holding the kept
// blocks, every account a transaction has touched, and the whole transaction history. LiteSVM's
// own snapshot is not used: it also carries ~1.4 MB of builtin programs, and a fresh runtime
// plus our accounts restores the same chain. Saves are debounced (soon after a transaction,
// lazily after empty blocks) and atomic: write a temporary file, fsync, rename over the old one.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJson, stringifyJson } from './bigint-json';
import type { SavedBlock } from './block-clock';
import type { Chain, ChainState } from './chain';
import { GENESIS_HASH } from './genesis';
import type { TransactionRecord } from './transaction-index';
import { decodeTransaction } from './wire-transaction';

const FORMAT = 'duel-dojo-localnet/1';
const FILE_NAME = 'chain.json';
const SAVE_SOON_MS = 100;
const SAVE_LATER_MS = 2000;

/** The saved state of `dataDir`, or null when the directory holds no chain yet. */
export function loadChainState(dataDir: string): ChainState | null {
  const file = join(dataDir, FILE_NAME);
  if (!existsSync(file)) return null;
  let saved: Record<string, unknown>;
  try {
    saved = parseJson(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file} cannot be read (${error instanceof Error ? error.message : String(error)}); move it away to start a new chain`, { cause: error });
  }
  if (saved.format !== FORMAT || saved.genesisHash !== GENESIS_HASH) {
    throw new Error(`${file} is not a chain of this localnet (format ${String(saved.format)}, genesis ${String(saved.genesisHash)}); move it away to start a new chain`);
  }
  const accounts = (saved.accounts as Record<string, unknown>[]).map((account) => ({
    address: account.address as string,
    lamports: BigInt(account.lamports as number | bigint),
    owner: account.owner as string,
    executable: false,
    data: new Uint8Array(Buffer.from(account.data as string, 'base64')),
  }));
  return { blocks: saved.blocks as ChainState['blocks'], accounts, transactions: (saved.transactions as Record<string, unknown>[]).map(recordFromJson) };
}

function recordFromJson(saved: Record<string, unknown>): TransactionRecord {
  const wire = new Uint8Array(Buffer.from(saved.wire as string, 'base64'));
  const { signatures, message } = decodeTransaction(wire);
  const big = (values: unknown) => (values as (number | bigint)[]).map((value) => BigInt(value));
  return {
    ...(saved as unknown as TransactionRecord),
    signatures,
    message,
    wire,
    fee: BigInt(saved.fee as number | bigint),
    preBalances: big(saved.preBalances),
    postBalances: big(saved.postBalances),
    computeUnitsConsumed: BigInt(saved.computeUnitsConsumed as number | bigint),
  };
}

export class ChainStore {
  private readonly file: string;
  private readonly recordText = new WeakMap<TransactionRecord, string>();
  private readonly blockText = new WeakMap<SavedBlock, string>();
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private dirty = false;
  private saving: Promise<void> | null = null;
  private readonly detach: () => void;

  constructor(
    dataDir: string,
    private readonly chain: Chain,
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, FILE_NAME);
    this.detach = chain.onBlock((event) => this.markDirty(event.transaction !== null));
  }

  /** Ask for a save: soon when a transaction landed, later for empty blocks only. */
  markDirty(soon: boolean): void {
    this.dirty = true;
    const dueAt = Date.now() + (soon ? SAVE_SOON_MS : SAVE_LATER_MS);
    if (this.timer && this.dueAt <= dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save().catch((error: unknown) => console.error('[localnet] saving the chain failed:', error));
    }, dueAt - Date.now());
  }

  /** Save now (if anything changed) and stop listening; used by stop(). */
  async close(): Promise<void> {
    this.detach();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.saving;
    if (this.dirty) await this.save();
  }

  private async save(): Promise<void> {
    if (this.saving) {
      // One write at a time; the running one may have missed the latest blocks.
      await this.saving;
      if (this.dirty) this.markDirty(true);
      return;
    }
    this.dirty = false;
    const text = this.serialize(this.chain.state());
    this.saving = writeAtomically(this.file, text).finally(() => {
      this.saving = null;
    });
    await this.saving;
  }

  private serialize(state: ChainState): string {
    const accounts = state.accounts.map((account) => ({ ...account, data: Buffer.from(account.data).toString('base64') }));
    // Records never change once landed, so each is stringified once and reused by later saves.
    const transactions = state.transactions.map((record) => {
      let text = this.recordText.get(record);
      if (text === undefined) {
        const { message: _message, signatures: _signatures, ...rest } = record;
        text = stringifyJson({ ...rest, wire: Buffer.from(record.wire).toString('base64') });
        this.recordText.set(record, text);
      }
      return text;
    });
    const head = stringifyJson({ format: FORMAT, genesisHash: GENESIS_HASH, accounts });
    return `${head.slice(0, -1)},"blocks":[${this.blocksText(state.blocks).join(',')}],"transactions":[${transactions.join(',')}]}`;
  }

  /**
   * Thousands of blocks are saved each time, so each is stringified once. Blocks follow each other
   * without gaps: only the oldest keeps its parent's hash, the others get it back on loading.
   */
  private blocksText(blocks: SavedBlock[]): string[] {
    return blocks.map((block, i) => {
      if (i === 0) return stringifyJson(block);
      let text = this.blockText.get(block);
      if (text === undefined) {
        const { previousBlockhash: _parent, ...rest } = block;
        text = stringifyJson(rest);
        this.blockText.set(block, text);
      }
      return text;
    });
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
