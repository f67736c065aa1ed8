// jsonParsed instructions, as Agave's transaction-status parsers show them: the system program
// (every instruction; transfer is what payment verification reads) and the memo program. Any
// other program, or data that does not decode, is shown unparsed (programId, accounts, data).
import { getBase58Decoder } from '@solana/kit';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);
const base58 = getBase58Decoder();

export type JsonParsedInstruction =
  | { program: string; programId: string; parsed: unknown; stackHeight: number | null }
  | { programId: string; accounts: string[]; data: string; stackHeight: number | null };

export function parseInstruction(programId: string, accounts: string[], data: Uint8Array, stackHeight: number | null): JsonParsedInstruction {
  if (programId === SYSTEM_PROGRAM) {
    const parsed = parseSystem(data, accounts);
    if (parsed) return { program: 'system', programId, parsed, stackHeight };
  } else if (MEMO_PROGRAMS.has(programId)) {
    const memo = utf8(data);
    if (memo !== null) return { program: 'spl-memo', programId, parsed: memo, stackHeight };
  }
  return { programId, accounts, data: base58.decode(data), stackHeight };
}

export function utf8(data: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** Bincode fields, failing (null) instead of reading past the end. */
class Fields {
  private offset = 4;
  constructor(private readonly data: Uint8Array) {}
  u64(): bigint {
    this.need(8);
    const value = new DataView(this.data.buffer, this.data.byteOffset + this.offset, 8).getBigUint64(0, true);
    this.offset += 8;
    return value;
  }
  key(): string {
    this.need(32);
    const value = base58.decode(this.data.subarray(this.offset, this.offset + 32));
    this.offset += 32;
    return value;
  }
  seed(): string {
    const length = Number(this.u64());
    this.need(length);
    const value = utf8(this.data.subarray(this.offset, this.offset + length));
    this.offset += length;
    if (value === null) throw new RangeError('seed is not UTF-8');
    return value;
  }
  private need(length: number): void {
    if (this.offset + length > this.data.length) throw new RangeError('instruction data too short');
  }
}

function parseSystem(data: Uint8Array, accounts: string[]): { type: string; info: Record<string, unknown> } | null {
  if (data.length < 4) return null;
  const kind = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true);
  const f = new Fields(data);
  const a = (index: number): string => {
    const key = accounts[index];
    if (key === undefined) throw new RangeError('missing account');
    return key;
  };
  try {
    switch (kind) {
      case 0:
        return { type: 'createAccount', info: { source: a(0), newAccount: a(1), lamports: f.u64(), space: f.u64(), owner: f.key() } };
      case 1:
        return { type: 'assign', info: { account: a(0), owner: f.key() } };
      case 2:
        return { type: 'transfer', info: { source: a(0), destination: a(1), lamports: f.u64() } };
      case 3: {
        const base = f.key();
        const seed = f.seed();
        return { type: 'createAccountWithSeed', info: { source: a(0), newAccount: a(1), base, seed, lamports: f.u64(), space: f.u64(), owner: f.key() } };
      }
      case 4:
        return { type: 'advanceNonce', info: { nonceAccount: a(0), recentBlockhashesSysvar: a(1), nonceAuthority: a(2) } };
      case 5:
        return { type: 'withdrawFromNonce', info: { nonceAccount: a(0), destination: a(1), recentBlockhashesSysvar: a(2), rentSysvar: a(3), nonceAuthority: a(4), lamports: f.u64() } };
      case 6:
        return { type: 'initializeNonce', info: { nonceAccount: a(0), recentBlockhashesSysvar: a(1), rentSysvar: a(2), nonceAuthority: f.key() } };
      case 7:
        return { type: 'authorizeNonce', info: { nonceAccount: a(0), nonceAuthority: a(1), newAuthorized: f.key() } };
      case 8:
        return { type: 'allocate', info: { account: a(0), space: f.u64() } };
      case 9: {
        const base = f.key();
        return { type: 'allocateWithSeed', info: { account: a(0), base, seed: f.seed(), space: f.u64(), owner: f.key() } };
      }
      case 10: {
        const base = f.key();
        return { type: 'assignWithSeed', info: { account: a(0), base, seed: f.seed(), owner: f.key() } };
      }
      case 11: {
        const lamports = f.u64();
        return { type: 'transferWithSeed', info: { source: a(0), sourceBase: a(1), destination: a(2), lamports, sourceSeed: f.seed(), sourceOwner: f.key() } };
      }
      case 12:
        return { type: 'upgradeNonce', info: { nonceAccount: a(0) } };
      default:
        return null;
    }
  } catch {
    return null;
  }
}
