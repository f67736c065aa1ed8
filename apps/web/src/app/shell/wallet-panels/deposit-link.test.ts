import { describe, expect, it } from 'vitest';
import { depositLink } from './deposit-panel';

describe('the deposit QR code', () => {
  it('is a Solana Pay link, with the amount once one is typed', () => {
    expect(depositLink('Addr', '')).toBe('solana:Addr');
    expect(depositLink('Addr', '0.5')).toBe('solana:Addr?amount=0.5');
    expect(depositLink('Addr', 'abc')).toBe('solana:Addr');
    expect(depositLink('Addr', '0')).toBe('solana:Addr');
  });
});
