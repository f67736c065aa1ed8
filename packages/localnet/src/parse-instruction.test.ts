// jsonParsed system instructions as Agave's RPC shows them: each one the system program's client
// writes comes back with Agave's type and field names; what Agave cannot parse is shown raw.
import { getBase58Decoder, type Address, type ReadonlyUint8Array } from '@solana/kit';
import {
  getAdvanceNonceAccountInstructionDataEncoder,
  getAllocateInstructionDataEncoder,
  getAllocateWithSeedInstructionDataEncoder,
  getAssignInstructionDataEncoder,
  getAssignWithSeedInstructionDataEncoder,
  getAuthorizeNonceAccountInstructionDataEncoder,
  getCreateAccountInstructionDataEncoder,
  getCreateAccountWithSeedInstructionDataEncoder,
  getInitializeNonceAccountInstructionDataEncoder,
  getTransferSolInstructionDataEncoder,
  getTransferSolWithSeedInstructionDataEncoder,
  getUpgradeNonceAccountInstructionDataEncoder,
  getWithdrawNonceAccountInstructionDataEncoder,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import { describe, expect, it } from 'vitest';
import { parseInstruction } from './parse-instruction';

const [A, B, C, D, E] = [
  'Be76REooxurLbSGg1FaCumwF1EYvxqVMH8mEDMbzqr55',
  'DhYkiWK6boPYEL7TXuN97rJxJH5FGFkVt76K5Hto1U3p',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'EQ4sYdbvB64u9QNMQQFkTCuYfq1KVMVR9W39Hf7QvbSK',
] as Address[] as [Address, Address, Address, Address, Address];
const OWNER = 'Stake11111111111111111111111111111111111111' as Address;

const parsed = (accounts: Address[], data: ReadonlyUint8Array) => parseInstruction(SYSTEM_PROGRAM_ADDRESS, accounts, new Uint8Array(data), 1);
const raw = (accounts: Address[], data: Uint8Array) => ({ programId: SYSTEM_PROGRAM_ADDRESS, accounts, data: getBase58Decoder().decode(data), stackHeight: 1 });

describe('system instructions in jsonParsed', () => {
  it('shows every instruction the client writes under Agave’s names', () => {
    const cases: [Address[], ReadonlyUint8Array, string, Record<string, unknown>][] = [
      [[A, B], getCreateAccountInstructionDataEncoder().encode({ lamports: 5n, space: 10n, programAddress: OWNER }), 'createAccount', { source: A, newAccount: B, lamports: 5n, space: 10n, owner: OWNER }],
      [[A], getAssignInstructionDataEncoder().encode({ programAddress: OWNER }), 'assign', { account: A, owner: OWNER }],
      [[A, B], getTransferSolInstructionDataEncoder().encode({ amount: 2n ** 64n - 1n }), 'transfer', { source: A, destination: B, lamports: 2n ** 64n - 1n }],
      [[A, B, E], getCreateAccountWithSeedInstructionDataEncoder().encode({ base: E, seed: 'duel', amount: 7n, space: 0n, programAddress: OWNER }), 'createAccountWithSeed', { source: A, newAccount: B, base: E, seed: 'duel', lamports: 7n, space: 0n, owner: OWNER }],
      [[A, C, B], getAdvanceNonceAccountInstructionDataEncoder().encode({}), 'advanceNonce', { nonceAccount: A, recentBlockhashesSysvar: C, nonceAuthority: B }],
      [[A, B, C, D, E], getWithdrawNonceAccountInstructionDataEncoder().encode({ withdrawAmount: 9n }), 'withdrawFromNonce', { nonceAccount: A, destination: B, recentBlockhashesSysvar: C, rentSysvar: D, nonceAuthority: E, lamports: 9n }],
      [[A, C, D], getInitializeNonceAccountInstructionDataEncoder().encode({ nonceAuthority: B }), 'initializeNonce', { nonceAccount: A, recentBlockhashesSysvar: C, rentSysvar: D, nonceAuthority: B }],
      [[A, B], getAuthorizeNonceAccountInstructionDataEncoder().encode({ newNonceAuthority: E }), 'authorizeNonce', { nonceAccount: A, nonceAuthority: B, newAuthorized: E }],
      [[A], getAllocateInstructionDataEncoder().encode({ space: 100n }), 'allocate', { account: A, space: 100n }],
      [[A, E], getAllocateWithSeedInstructionDataEncoder().encode({ base: E, seed: 's', space: 3n, programAddress: OWNER }), 'allocateWithSeed', { account: A, base: E, seed: 's', space: 3n, owner: OWNER }],
      [[A, E], getAssignWithSeedInstructionDataEncoder().encode({ base: E, seed: 's', programAddress: OWNER }), 'assignWithSeed', { account: A, base: E, seed: 's', owner: OWNER }],
      [[A, E, B], getTransferSolWithSeedInstructionDataEncoder().encode({ amount: 4n, fromSeed: 'from', fromOwner: OWNER }), 'transferWithSeed', { source: A, sourceBase: E, destination: B, lamports: 4n, sourceSeed: 'from', sourceOwner: OWNER }],
      [[A], getUpgradeNonceAccountInstructionDataEncoder().encode({}), 'upgradeNonce', { nonceAccount: A }],
    ];
    for (const [accounts, data, type, info] of cases) {
      expect(parsed(accounts, data), type).toEqual({ program: 'system', programId: SYSTEM_PROGRAM_ADDRESS, parsed: { type, info }, stackHeight: 1 });
    }
  });

  it('ignores bytes after the instruction, as Agave’s parser does', () => {
    const data = Uint8Array.from([...getTransferSolInstructionDataEncoder().encode({ amount: 3n }), 0xff, 0xff]);
    expect(parsed([A, B], data)).toMatchObject({ parsed: { type: 'transfer', info: { lamports: 3n } } });
  });

  it('shows a seed exactly as sent, NUL characters included (the client would drop them)', () => {
    const data = new Uint8Array(getTransferSolWithSeedInstructionDataEncoder().encode({ amount: 1n, fromSeed: 'a\u0000b', fromOwner: OWNER }));
    expect(parsed([A, E, B], data)).toMatchObject({ parsed: { type: 'transferWithSeed', info: { sourceSeed: 'a\u0000b' } } });
  });

  it('shows raw what Agave cannot parse: a seed that is not UTF-8, too few accounts, short or unknown data', () => {
    const seeded = Uint8Array.from(getCreateAccountWithSeedInstructionDataEncoder().encode({ base: E, seed: 'ab', amount: 7n, space: 0n, programAddress: OWNER }));
    seeded[36 + 8] = 0xff; // the seed's first byte
    const transfer = new Uint8Array(getTransferSolInstructionDataEncoder().encode({ amount: 3n }));
    const withSeed = new Uint8Array(getAllocateWithSeedInstructionDataEncoder().encode({ base: E, seed: 's', space: 3n, programAddress: OWNER }));
    for (const [accounts, data] of [
      [[A, B], seeded],
      [[A], transfer], // a transfer names two accounts
      [[A], withSeed], // allocateWithSeed needs its base account too
      [[A, B], transfer.subarray(0, 11)],
      [[A, B], Uint8Array.from([2, 0, 0])],
      [[A, B], Uint8Array.from([99, 0, 0, 0])],
    ] as [Address[], Uint8Array][]) {
      expect(parsed(accounts, data)).toEqual(raw(accounts, data));
    }
  });

  it('shows a memo as its text when it is UTF-8, raw otherwise', () => {
    const memo = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
    expect(parseInstruction(memo, [], new TextEncoder().encode('gg, rematch?'), null)).toEqual({ program: 'spl-memo', programId: memo, parsed: 'gg, rematch?', stackHeight: null });
    expect(parseInstruction(memo, [], Uint8Array.from([0xc3, 0x28]), null)).toEqual({ programId: memo, accounts: [], data: getBase58Decoder().decode(Uint8Array.from([0xc3, 0x28])), stackHeight: null });
  });
});
