import { describe, expect, it } from 'vitest';
import { lamportsText, signedLamports, solText } from './money-amounts';

describe('money amounts', () => {
  it('sign a movement as the wallet sees it', () => {
    expect(signedLamports({ direction: 'in', lamports: '33333333' })).toBe(33_333_333n);
    expect(signedLamports({ direction: 'out', lamports: '33333333' })).toBe(-33_333_333n);
  });

  it('show SOL like the wallet balance (4 decimals, cut), exact on demand', () => {
    expect(solText(33_333_333n)).toBe('0.0333 SOL');
    expect(solText(-33_333_333n, { withPlus: true })).toBe('−0.0333 SOL');
    expect(solText(64_666_666n, { withPlus: true })).toBe('+0.0646 SOL');
    expect(solText(0n, { withPlus: true })).toBe('0.0000 SOL');
    expect(solText(-33_333_333n, { exact: true })).toBe('−0.033333333 SOL');
    expect(solText(1_800_000_000n, { exact: true, withPlus: true })).toBe('+1.800000000 SOL');
  });

  it('never show a zero for money that moved', () => {
    expect(solText(5_000n, { withPlus: true })).toBe('+<0.0001 SOL');
    expect(solText(-1n)).toBe('−<0.0001 SOL');
    expect(solText(100_000n)).toBe('0.0001 SOL');
  });

  it('group lamports in thousands', () => {
    expect(lamportsText(33_333_333n)).toBe('33,333,333 lamports');
    expect(lamportsText(-1n)).toBe('−1 lamport');
    expect(lamportsText(0n)).toBe('0 lamports');
    expect(lamportsText(18_446_744_073_709_551_615n)).toBe('18,446,744,073,709,551,615 lamports');
  });
});
