import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { USERNAME_MESSAGES } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58';
import { authSignature, optionalReferralCode, parseSignatureBytes, referralCode, username } from './account-fields';
import { characterId, entityId, lamportsBigint, lamportsString, pagination, signedLamportsString, transactionSignature, walletAddress } from './primitives';
import { HUGE, TX_SIGNATURE, WALLET_A, sampleWallet } from './test-support/samples';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

/** A real wallet: an ed25519 key pair, its base58 address, and a signature over a message. */
function realSignature() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const address = encodeBase58(new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url')));
  const message = new TextEncoder().encode('localhost wants you to sign in with your Solana account');
  const signature = new Uint8Array(sign(null, message, privateKey));
  return { address, message, signature, publicKey };
}

describe('walletAddress', () => {
  it('accepts base58 of 32 bytes, including a real ed25519 public key', () => {
    expect(walletAddress.safeParse('11111111111111111111111111111111').success).toBe(true);
    expect(walletAddress.safeParse('So11111111111111111111111111111111111111112').success).toBe(true);
    expect(walletAddress.safeParse(realSignature().address).success).toBe(true);
  });

  it('refuses the wrong length, bad characters, other types and huge strings', () => {
    const bad = ['', 'abc', sampleWallet(7).slice(0, -1), `${sampleWallet(200)}1`, WALLET_A.replace(/.$/, '0'), TX_SIGNATURE, HUGE];
    for (const value of bad) expect(firstMessage(walletAddress.safeParse(value)), value.slice(0, 50)).toBeDefined();
    expect(firstMessage(walletAddress.safeParse('abc'))).toBe('Invalid wallet address');
    expect(firstMessage(walletAddress.safeParse(HUGE))).toBe('Invalid wallet address');
    expect(walletAddress.safeParse(42).success).toBe(false);
    expect(walletAddress.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
  });
});

describe('transactionSignature', () => {
  it('accepts base58 of 64 bytes only', () => {
    expect(transactionSignature.safeParse(TX_SIGNATURE).success).toBe(true);
    expect(transactionSignature.safeParse(encodeBase58(realSignature().signature)).success).toBe(true);
    expect(firstMessage(transactionSignature.safeParse(WALLET_A))).toBe('Invalid transaction signature');
    expect(transactionSignature.safeParse(HUGE).success).toBe(false);
  });
});

describe('lamports', () => {
  it('accepts whole numbers of lamports written as digits, up to u64', () => {
    for (const value of ['0', '1', '1500000000', '18446744073709551615']) expect(lamportsString.safeParse(value).success).toBe(true);
    expect(lamportsBigint.parse('1500000000')).toBe(1_500_000_000n);
  });

  it('refuses floats, negatives, exponents, leading zeros, numbers and out-of-range values', () => {
    const bad: unknown[] = ['1.5', '-1', '1e9', '01', ' 1', '', '0x10', '18446744073709551616', '1'.repeat(21), 1500, 1.5, null];
    for (const value of bad) expect(lamportsString.safeParse(value).success, String(value)).toBe(false);
  });

  it('has a signed form for profits', () => {
    for (const value of ['0', '-250000000', '1200']) expect(signedLamportsString.safeParse(value).success).toBe(true);
    for (const value of ['-0', '--1', '1.2', '-01']) expect(signedLamportsString.safeParse(value).success).toBe(false);
  });
});

describe('username', () => {
  it('gives the four form messages', () => {
    expect(firstMessage(username.safeParse(undefined))).toBe('Username is required');
    expect(firstMessage(username.safeParse(''))).toBe('Username is required');
    expect(firstMessage(username.safeParse('ab'))).toBe('Username must be at least 3 characters long');
    expect(firstMessage(username.safeParse('a'.repeat(21)))).toBe('Username must not exceed 20 characters');
    expect(firstMessage(username.safeParse('bad name!'))).toBe('Username can only contain letters, numbers, underscores, and hyphens');
    expect(Object.values(USERNAME_MESSAGES)).toContain('Username is required');
  });

  it('accepts a valid name and refuses a huge one with the length message', () => {
    expect(username.parse('Ninja_42-x')).toBe('Ninja_42-x');
    expect(firstMessage(username.safeParse(HUGE))).toBe('Username must not exceed 20 characters');
  });
});

describe('referral codes', () => {
  it('trims and upper-cases a code, then checks the issued format', () => {
    expect(referralCode.parse('  abcd2345 ')).toBe('ABCD2345');
    expect(firstMessage(referralCode.safeParse('abc'))).toBe('Invalid referral code');
    expect(firstMessage(referralCode.safeParse(HUGE))).toBe('Invalid referral code');
  });

  it('treats null, absence and blank as no code at signup', () => {
    expect(optionalReferralCode.parse(null)).toBeNull();
    expect(optionalReferralCode.parse(undefined)).toBeNull();
    expect(optionalReferralCode.parse('   ')).toBeNull();
    expect(optionalReferralCode.parse('wxyz6789')).toBe('WXYZ6789');
    expect(optionalReferralCode.safeParse('not-a-code').success).toBe(false);
  });
});

describe('pagination', () => {
  it('defaults to limit 20, offset 0 and reads query strings', () => {
    expect(pagination.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(pagination.parse({ limit: '100', offset: '40' })).toEqual({ limit: 100, offset: 40 });
    expect(pagination.parse({ limit: 1 })).toEqual({ limit: 1, offset: 0 });
  });

  it('refuses limits outside 1–100, negative offsets and non-integers', () => {
    for (const query of [{ limit: 0 }, { limit: '101' }, { offset: -1 }, { limit: '2.5' }, { limit: '1e2' }, { offset: 'x' }, { limit: HUGE }]) {
      expect(pagination.safeParse(query).success, JSON.stringify(query).slice(0, 40)).toBe(false);
    }
  });
});

describe('auth signature', () => {
  it('parses a real ed25519 signature sent as "[..]", "a,b,..", and base58', () => {
    const { signature, message, publicKey } = realSignature();
    const encodings = [
      JSON.stringify(Array.from(signature)),
      Array.from(signature).join(','),
      `[ ${Array.from(signature).join(', ')} ]`,
      encodeBase58(signature),
    ];
    for (const text of encodings) {
      const bytes = authSignature.parse(text);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(bytes).toEqual(signature);
      expect(verify(null, message, publicKey, bytes)).toBe(true);
    }
  });

  it('refuses anything but exactly 64 bytes', () => {
    const bytes63 = Array.from({ length: 63 }, () => 1);
    const bad = [
      '',
      '[]',
      `[${bytes63.join(',')}]`,
      `[${[...bytes63, 1, 1].join(',')}]`,
      `[${[...bytes63, 256].join(',')}]`,
      `[${[...bytes63, -1].join(',')}]`,
      `[${[...bytes63, 1.5].join(',')}]`,
      WALLET_A,
      'not base58 at all!',
      HUGE,
    ];
    for (const text of bad) expect(authSignature.safeParse(text).success, text.slice(0, 40)).toBe(false);
    expect(firstMessage(authSignature.safeParse('[1,2,3]'))).toBe('Invalid signature');
    expect(parseSignatureBytes(`${Array.from({ length: 64 }, () => 0).join(',')}`)).toEqual(new Uint8Array(64));
  });
});

describe('ids', () => {
  it('accepts url-safe ids and refuses others', () => {
    expect(entityId.safeParse('4f1c2b7e-aa90-4c1e-9f00-0d2b7c8e9a11').success).toBe(true);
    for (const bad of ['', 'a b', 'a/b', 'x'.repeat(101)]) expect(entityId.safeParse(bad).success).toBe(false);
  });

  it('knows every character of both catalogs and nothing else', () => {
    for (const id of [1, 7, 9, 10, 18]) expect(characterId.safeParse(id).success).toBe(true);
    for (const id of [0, 19, -1, 1.5, '7']) expect(characterId.safeParse(id).success).toBe(false);
    expect(firstMessage(characterId.safeParse(19))).toBe('Unknown character');
  });
});
