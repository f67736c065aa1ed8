// Reading a node's getTransaction answer defensively: odd shapes are "not a transaction we can
// read" (null), never a crash and never a guess.
import { describe, expect, it } from 'vitest';
import { parseObservedTransfer } from './observed-transfer';

const SYSTEM = '11111111111111111111111111111111';
const answer = () => ({
  slot: 42n,
  blockTime: 1_800_000_000n,
  meta: {
    err: null,
    fee: 5000n,
    preBalances: [10n, 0n, 1n],
    postBalances: [5n, 0n, 1n],
    innerInstructions: [{ index: 0, instructions: [{ program: 'system', programId: SYSTEM, parsed: { type: 'transfer', info: { source: 'A', destination: 'C', lamports: 7n } } }] }],
  },
  transaction: {
    message: {
      accountKeys: [{ pubkey: 'A' }, { pubkey: 'B' }, { pubkey: SYSTEM }],
      instructions: [
        { program: 'system', programId: SYSTEM, parsed: { type: 'transfer', info: { source: 'A', destination: 'B', lamports: 3n } } },
        { program: 'system', programId: SYSTEM, parsed: { type: 'transferWithSeed', info: { source: 'D', destination: 'B', lamports: 9n } } },
        { programId: 'Other', accounts: [], data: '' },
      ],
    },
  },
});

describe('parseObservedTransfer', () => {
  it('reads balances, fee and system transfers (top level and inner) as bigint', () => {
    expect(parseObservedTransfer('sig', answer())).toEqual({
      signature: 'sig',
      slot: 42n,
      blockTime: 1_800_000_000,
      err: null,
      fee: 5000n,
      accountKeys: ['A', 'B', SYSTEM],
      preBalances: [10n, 0n, 1n],
      postBalances: [5n, 0n, 1n],
      systemTransfers: [
        { source: 'A', destination: 'B', lamports: 3n },
        { source: 'A', destination: 'C', lamports: 7n },
      ],
    });
  });

  it('answers null for a missing or malformed answer', () => {
    expect(parseObservedTransfer('sig', null)).toBeNull();
    const noMeta = { ...answer(), meta: null };
    expect(parseObservedTransfer('sig', noMeta)).toBeNull();
    const floats = answer();
    floats.meta.preBalances = [1.5 as unknown as bigint, 0n, 1n];
    expect(parseObservedTransfer('sig', floats)).toBeNull();
    const short = answer();
    short.meta.postBalances = [5n];
    expect(parseObservedTransfer('sig', short)).toBeNull();
  });
});
