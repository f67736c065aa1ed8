import { describe, expect, it } from 'vitest';
import { solDecimal, transferRequestUrl } from './transfer-request-url';

const TREASURY = 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj';
const REFERENCE = 'So11111111111111111111111111111111111111112';

describe('Solana Pay transfer request URL', () => {
  it('writes lamports as an exact decimal SOL amount', () => {
    expect(solDecimal(33_333_333n)).toBe('0.033333333');
    expect(solDecimal(1_000_000_000n)).toBe('1');
    expect(solDecimal(1_500_000_000n)).toBe('1.5');
    expect(solDecimal(1n)).toBe('0.000000001');
    expect(solDecimal(12_345_678_900_000_000_001n)).toBe('12345678900.000000001');
    expect(() => solDecimal(-1n)).toThrow(RangeError);
  });

  it('names the recipient, amount, reference, label and message, percent-encoded', () => {
    const url = transferRequestUrl({ recipient: TREASURY, lamports: 33_333_333n, reference: REFERENCE, label: 'Duel Dojo', message: 'Stake for a 5$ duel & more' });
    expect(url).toBe(`solana:${TREASURY}?amount=0.033333333&reference=${REFERENCE}&label=Duel%20Dojo&message=Stake%20for%20a%205%24%20duel%20%26%20more`);
    // What a wallet's parser reads back.
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('solana:');
    expect(parsed.pathname).toBe(TREASURY);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({ amount: '0.033333333', reference: REFERENCE, label: 'Duel Dojo', message: 'Stake for a 5$ duel & more' });
  });
});
