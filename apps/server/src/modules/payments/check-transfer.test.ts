// The acceptance rules of a payment as a pure function (docs/security.md 2-5), on hand-made
// transactions, including shapes the local chain cannot produce (a token transfer, no block time).
import { toLamports } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import type { ObservedTransfer } from '../ledger';
import { type TransferExpectation, checkTransfer, payerOf, treasuryDelta } from './check-transfer';

const TREASURY = 'Treasury1111111111111111111111111111111111';
const PAYER = 'Payer11111111111111111111111111111111111111';
const REFERENCE = 'Reference111111111111111111111111111111111';
const EXPECTED = toLamports(33_333_333n);
const NOW_S = 1_800_000_000;

const expectation: TransferExpectation = { treasury: TREASURY, reference: REFERENCE, expectedLamports: EXPECTED, requestedAt: NOW_S * 1000 - 5_000, clockSkewMs: 60_000 };

function transfer(overrides: Partial<ObservedTransfer> = {}, paid: bigint = EXPECTED): ObservedTransfer {
  return {
    signature: 'sig',
    slot: 10n,
    blockTime: NOW_S,
    err: null,
    fee: 5_000n,
    accountKeys: [PAYER, TREASURY, '11111111111111111111111111111111', REFERENCE],
    preBalances: [1_000_000_000n, 5_000_000_000n, 1n, 0n],
    postBalances: [1_000_000_000n - paid - 5_000n, 5_000_000_000n + paid, 1n, 0n],
    systemTransfers: [{ source: PAYER, destination: TREASURY, lamports: paid }],
    ...overrides,
  };
}

describe('checkTransfer', () => {
  it('accepts exactly the expected amount (or more) from the payer to the treasury with the reference', () => {
    expect(checkTransfer(transfer(), expectation)).toEqual({ ok: true, received: EXPECTED });
    expect(checkTransfer(transfer({}, EXPECTED + 1n), expectation)).toEqual({ ok: true, received: EXPECTED + 1n });
  });

  it('SECURITY 2: refuses a transaction without the reference; accepts one with it from any payer, whose wallet is where a refund goes', () => {
    expect(checkTransfer(transfer({ accountKeys: [PAYER, TREASURY, '11111111111111111111111111111111', 'Other1111111111111111111111111111111111111'] }), expectation)).toMatchObject({ ok: false, reason: 'no-reference' });
    const someone = 'Someone1111111111111111111111111111111111';
    const fromSomeone = transfer({ systemTransfers: [{ source: someone, destination: TREASURY, lamports: EXPECTED }] });
    expect(checkTransfer(fromSomeone, expectation)).toEqual({ ok: true, received: EXPECTED });
    expect(payerOf(fromSomeone, TREASURY)).toBe(someone);
    expect(payerOf(transfer(), TREASURY)).toBe(PAYER);
    // A sponsor pays the fee, a player the lamports: the lamports' owner is the payer.
    const split = transfer({ systemTransfers: [{ source: someone, destination: TREASURY, lamports: 1n }, { source: 'Player11111111111111111111111111111111111', destination: TREASURY, lamports: EXPECTED }] });
    expect(payerOf(split, TREASURY)).toBe('Player11111111111111111111111111111111111');
  });

  it('SECURITY 3: refuses one lamport short, a look-alike recipient, and a token transfer (no SOL moved)', () => {
    expect(checkTransfer(transfer({}, EXPECTED - 1n), expectation)).toMatchObject({ ok: false, reason: 'underpaid', received: EXPECTED - 1n });
    const lookAlike = 'Treasury1111111111111111111111111111111112';
    expect(checkTransfer(transfer({ systemTransfers: [{ source: PAYER, destination: lookAlike, lamports: EXPECTED }] }), expectation)).toMatchObject({ ok: false, reason: 'no-transfer' });
    const token = transfer({ systemTransfers: [], preBalances: [1_000_000_000n, 5_000_000_000n, 1n, 0n], postBalances: [999_995_000n, 5_000_000_000n, 1n, 0n] });
    expect(checkTransfer(token, expectation)).toMatchObject({ ok: false, reason: 'no-transfer', received: 0n });
  });

  it('SECURITY 4: refuses a failed transaction whatever its instructions say', () => {
    expect(checkTransfer(transfer({ err: { InstructionError: [1, 'Custom'] } }), expectation)).toMatchObject({ ok: false, reason: 'failed' });
  });

  it("SECURITY 5: refuses when the treasury's own balance did not grow by the amount", () => {
    const clawedBack = transfer({ postBalances: [1_000_000_000n, 5_000_000_000n, 1n, 0n] });
    expect(checkTransfer(clawedBack, expectation)).toMatchObject({ ok: false, reason: 'treasury-not-credited', received: 0n });
    const down = transfer({ postBalances: [1_000_000_000n, 4_000_000_000n, 1n, 0n] });
    expect(treasuryDelta(down, TREASURY)).toBe(-1_000_000_000n);
    expect(checkTransfer(down, expectation)).toMatchObject({ ok: false, reason: 'treasury-not-credited' });
  });

  it('refuses a transaction older than the request (beyond the clock skew); an unknown block time is left to the reference', () => {
    expect(checkTransfer(transfer({ blockTime: NOW_S - 3_600 }), expectation)).toMatchObject({ ok: false, reason: 'too-old' });
    expect(checkTransfer(transfer({ blockTime: NOW_S - 30 }), expectation)).toMatchObject({ ok: true });
    expect(checkTransfer(transfer({ blockTime: null }), expectation)).toMatchObject({ ok: true });
  });

  it('sums several transfers from the payer, and counts only those', () => {
    const split = transfer({
      systemTransfers: [
        { source: PAYER, destination: TREASURY, lamports: EXPECTED - 10n },
        { source: PAYER, destination: TREASURY, lamports: 10n },
        { source: 'Someone1111111111111111111111111111111111', destination: TREASURY, lamports: 1_000n },
      ],
    });
    expect(checkTransfer(split, expectation)).toMatchObject({ ok: true });
  });
});
