import { randomBytes } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  USERNAME_MESSAGES,
  isReferralCodeFormat,
  normalizeReferralCode,
  referralCodeFromBytes,
  validateUsername,
} from './validation';

describe('validateUsername', () => {
  it('has the product messages', () => {
    expect(USERNAME_MESSAGES).toEqual({
      required: 'Username is required',
      tooShort: 'Username must be at least 3 characters long',
      tooLong: 'Username must not exceed 20 characters',
      invalidCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
  });

  it.each(['abc', 'Ninja_42', 'a-b_c', 'A'.repeat(20), '___', '123'])('accepts %j', (name) => {
    expect(validateUsername(name)).toBeNull();
  });

  it.each<[string | null | undefined, string]>([
    ['', USERNAME_MESSAGES.required],
    ['   ', USERNAME_MESSAGES.required],
    ['\t\n', USERNAME_MESSAGES.required],
    [null, USERNAME_MESSAGES.required],
    [undefined, USERNAME_MESSAGES.required],
    ['ab', USERNAME_MESSAGES.tooShort],
    ['a!', USERNAME_MESSAGES.tooShort],
    ['A'.repeat(21), USERNAME_MESSAGES.tooLong],
    ['!'.repeat(21), USERNAME_MESSAGES.tooLong],
    ['bad name', USERNAME_MESSAGES.invalidCharacters],
    [' abc', USERNAME_MESSAGES.invalidCharacters],
    ['héllo', USERNAME_MESSAGES.invalidCharacters],
    ['abc.def', USERNAME_MESSAGES.invalidCharacters],
    ['🥷🥷', USERNAME_MESSAGES.tooShort],
    ['🥷🥷🥷', USERNAME_MESSAGES.invalidCharacters],
  ])('rejects %j with the first failing rule', (name, message) => {
    expect(validateUsername(name)).toBe(message);
  });

  it('accepts exactly the 3-20 character names of letters, digits, _ and -', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcXYZ09_- !é'), maxLength: 25 }), (name) => {
        const ok = name.length >= 3 && name.length <= 20 && /^[A-Za-z0-9_-]+$/.test(name);
        expect(validateUsername(name) === null).toBe(ok);
      }),
      { numRuns: 100 },
    );
  });
});

describe('referral codes', () => {
  it('normalizes what was typed', () => {
    expect(normalizeReferralCode('  ab3dk9xz ')).toBe('AB3DK9XZ');
    expect(normalizeReferralCode('')).toBeNull();
    expect(normalizeReferralCode('   ')).toBeNull();
    expect(normalizeReferralCode(null)).toBeNull();
    expect(normalizeReferralCode(undefined)).toBeNull();
  });

  it('uses an alphabet of 32 unambiguous symbols', () => {
    expect(REFERRAL_CODE_LENGTH).toBe(8);
    expect(REFERRAL_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(32);
    for (const ambiguous of '0O1I') expect(REFERRAL_CODE_ALPHABET).not.toContain(ambiguous);
  });

  it('maps bytes to codes deterministically', () => {
    expect(referralCodeFromBytes(new Uint8Array([0, 1, 2, 3, 31, 32, 255, 64]))).toBe('ABCD9A9A');
    expect(referralCodeFromBytes(new Uint8Array(8))).toBe('AAAAAAAA');
    expect(referralCodeFromBytes(new Uint8Array(12).fill(1))).toBe('BBBBBBBB');
  });

  it('needs enough bytes', () => {
    expect(() => referralCodeFromBytes(new Uint8Array(7))).toThrow(RangeError);
  });

  it('always produces a code of the checked format', () => {
    expect(isReferralCodeFormat(referralCodeFromBytes(randomBytes(8)))).toBe(true);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 16 }), (bytes) => {
        const code = referralCodeFromBytes(bytes);
        expect(code).toHaveLength(8);
        expect(isReferralCodeFormat(code)).toBe(true);
        expect(normalizeReferralCode(code.toLowerCase())).toBe(code);
      }),
      { numRuns: 100 },
    );
  });

  it.each(['ABCDEFG', 'ABCDEFGHJ', 'ABCDEFG0', 'ABCDEFGO', 'ABCDEFG1', 'ABCDEFGI', 'abcdefgh', ''])('rejects %j', (code) => {
    expect(isReferralCodeFormat(code)).toBe(false);
  });
});
