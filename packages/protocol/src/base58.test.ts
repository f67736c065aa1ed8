import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58, isBase58OfLength } from './base58';

describe('base58', () => {
  it('decodes known Solana addresses to 32 bytes', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
    const wrappedSol = decodeBase58('So11111111111111111111111111111111111111112');
    expect(wrappedSol?.length).toBe(32);
    expect(wrappedSol?.[0]).toBe(0x06);
  });

  it('round-trips bytes, leading zeros included', () => {
    expect(encodeBase58(new Uint8Array([]))).toBe('');
    const samples = [
      new Uint8Array([0]),
      new Uint8Array([0, 0, 1, 2, 3]),
      new Uint8Array([255, 254, 0, 7]),
      Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256),
    ];
    for (const bytes of samples) {
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
    }
  });

  it('matches the reference vectors', () => {
    expect(encodeBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(new TextDecoder().decode(decodeBase58('2NEpo7TZRRrLZSi2U') ?? new Uint8Array())).toBe('Hello World!');
  });

  it('refuses characters outside the alphabet and empty text', () => {
    for (const bad of ['', '0', 'O', 'I', 'l', 'abc def', '+abc', 'ab-c']) expect(decodeBase58(bad)).toBeNull();
  });

  it('checks the decoded length', () => {
    expect(isBase58OfLength('11111111111111111111111111111111', 32)).toBe(true);
    expect(isBase58OfLength('1111111111111111111111111111111', 32)).toBe(false);
    expect(isBase58OfLength('0000', 32)).toBe(false);
  });
});
