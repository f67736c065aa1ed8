// jsonParsed instructions, as Agave's transaction-status parsers show them: the system program
// (every instruction; transfer is what payment verification reads) and the memo program. Any
// other program, or data that does not decode, is shown unparsed (programId, accounts, data).
// The system program's own client decodes the data; the names shown are Agave's, not the client's.
import { AccountRole, addDecoderSizePrefix, getBase58Decoder, getU64Decoder, getUtf8Decoder, type Address } from '@solana/kit';
import {
  parseSystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
  type ParsedSystemInstruction,
} from '@solana-program/system';

const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);
const base58 = getBase58Decoder();
const strictUtf8 = getUtf8Decoder({ fatal: true, removeNullCharacters: false });

export type JsonParsedInstruction =
  | { program: string; programId: string; parsed: unknown; stackHeight: number | null }
  | { programId: string; accounts: string[]; data: string; stackHeight: number | null };

export function parseInstruction(programId: string, accounts: string[], data: Uint8Array, stackHeight: number | null): JsonParsedInstruction {
  if (programId === SYSTEM_PROGRAM_ADDRESS) {
    const parsed = parseSystem(data, accounts);
    if (parsed) return { program: 'system', programId, parsed, stackHeight };
  } else if (MEMO_PROGRAMS.has(programId)) {
    const memo = utf8(data);
    if (memo !== null) return { program: 'spl-memo', programId, parsed: memo, stackHeight };
  }
  return { programId, accounts, data: base58.decode(data), stackHeight };
}

/** The text, or null when the bytes are not valid UTF-8 (NUL characters are kept, as in Rust). */
export function utf8(data: Uint8Array): string | null {
  try {
    return strictUtf8.decode(data);
  } catch {
    return null;
  }
}

type Info = Record<string, unknown>;

/**
 * Where the seed (a u64 length, then UTF-8) starts in a seeded instruction's data. The client
 * reads seeds leniently (invalid UTF-8 becomes U+FFFD, NUL characters are dropped) where Agave
 * refuses invalid UTF-8 and keeps NULs, so the seed shown is read again here, strictly. Offsets:
 * the u32 discriminator, then a 32-byte base key (or, for TransferSolWithSeed, u64 lamports).
 */
const SEED_OFFSET: Partial<Record<SystemInstruction, number>> = {
  [SystemInstruction.CreateAccountWithSeed]: 36,
  [SystemInstruction.AllocateWithSeed]: 36,
  [SystemInstruction.AssignWithSeed]: 36,
  [SystemInstruction.TransferSolWithSeed]: 12,
};
const strictSeed = addDecoderSizePrefix(strictUtf8, getU64Decoder());

function parseSystem(data: Uint8Array, accounts: string[]): { type: string; info: Info } | null {
  try {
    const metas = accounts.map((address) => ({ address: address as Address, role: AccountRole.READONLY }));
    const parsed = parseSystemInstruction({ programAddress: SYSTEM_PROGRAM_ADDRESS, accounts: metas, data });
    const seedAt = SEED_OFFSET[parsed.instructionType];
    return describe(parsed, seedAt === undefined ? '' : strictSeed.decode(data, seedAt));
  } catch {
    // Unknown discriminator, data too short, a seed that is not UTF-8, or too few accounts.
    return null;
  }
}

/** Agave's type and field names for each system instruction. */
function describe(ix: ParsedSystemInstruction, seed: string): { type: string; info: Info } | null {
  switch (ix.instructionType) {
    case SystemInstruction.CreateAccount:
      return { type: 'createAccount', info: { source: ix.accounts.payer.address, newAccount: ix.accounts.newAccount.address, lamports: ix.data.lamports, space: ix.data.space, owner: ix.data.programAddress } };
    case SystemInstruction.Assign:
      return { type: 'assign', info: { account: ix.accounts.account.address, owner: ix.data.programAddress } };
    case SystemInstruction.TransferSol:
      return { type: 'transfer', info: { source: ix.accounts.source.address, destination: ix.accounts.destination.address, lamports: ix.data.amount } };
    case SystemInstruction.CreateAccountWithSeed: {
      const { base, amount, space, programAddress } = ix.data;
      return { type: 'createAccountWithSeed', info: { source: ix.accounts.payer.address, newAccount: ix.accounts.newAccount.address, base, seed, lamports: amount, space, owner: programAddress } };
    }
    case SystemInstruction.AdvanceNonceAccount:
      return { type: 'advanceNonce', info: { nonceAccount: ix.accounts.nonceAccount.address, recentBlockhashesSysvar: ix.accounts.recentBlockhashesSysvar.address, nonceAuthority: ix.accounts.nonceAuthority.address } };
    case SystemInstruction.WithdrawNonceAccount: {
      const { nonceAccount, recipientAccount, recentBlockhashesSysvar, rentSysvar, nonceAuthority } = ix.accounts;
      return {
        type: 'withdrawFromNonce',
        info: { nonceAccount: nonceAccount.address, destination: recipientAccount.address, recentBlockhashesSysvar: recentBlockhashesSysvar.address, rentSysvar: rentSysvar.address, nonceAuthority: nonceAuthority.address, lamports: ix.data.withdrawAmount },
      };
    }
    case SystemInstruction.InitializeNonceAccount:
      return { type: 'initializeNonce', info: { nonceAccount: ix.accounts.nonceAccount.address, recentBlockhashesSysvar: ix.accounts.recentBlockhashesSysvar.address, rentSysvar: ix.accounts.rentSysvar.address, nonceAuthority: ix.data.nonceAuthority } };
    case SystemInstruction.AuthorizeNonceAccount:
      return { type: 'authorizeNonce', info: { nonceAccount: ix.accounts.nonceAccount.address, nonceAuthority: ix.accounts.nonceAuthority.address, newAuthorized: ix.data.newNonceAuthority } };
    case SystemInstruction.Allocate:
      return { type: 'allocate', info: { account: ix.accounts.newAccount.address, space: ix.data.space } };
    case SystemInstruction.AllocateWithSeed:
      return { type: 'allocateWithSeed', info: { account: ix.accounts.newAccount.address, base: ix.data.base, seed, space: ix.data.space, owner: ix.data.programAddress } };
    case SystemInstruction.AssignWithSeed:
      return { type: 'assignWithSeed', info: { account: ix.accounts.account.address, base: ix.data.base, seed, owner: ix.data.programAddress } };
    case SystemInstruction.TransferSolWithSeed: {
      const { source, baseAccount, destination } = ix.accounts;
      return { type: 'transferWithSeed', info: { source: source.address, sourceBase: baseAccount.address, destination: destination.address, lamports: ix.data.amount, sourceSeed: seed, sourceOwner: ix.data.fromOwner } };
    }
    case SystemInstruction.UpgradeNonceAccount:
      return { type: 'upgradeNonce', info: { nonceAccount: ix.accounts.nonceAccount.address } };
    default:
      // CreateAccountAllowPrefund: not an instruction Agave's parser names.
      return null;
  }
}
