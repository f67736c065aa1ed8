import { describe, expect, it } from 'vitest';
import {
  authAnswer,
  generateMessageAnswer,
  generateMessageBody,
  logoutAnswer,
  referralAnswer,
  referralParams,
  sessionUser,
  signinBody,
  signupBody,
  validateTokenAnswer,
  validateTokenBody,
} from './auth';
import { HUGE, STATS, WALLET_A } from './test-support/samples';

const SIGNATURE_TEXT = `[${Array.from({ length: 64 }, (_, i) => i).join(',')}]`;
const signed = {
  walletAddress: WALLET_A,
  walletType: 'Phantom',
  signature: SIGNATURE_TEXT,
  message: 'localhost wants you to sign in with your Solana account:\n...',
  nonce: 'n0nce-123',
};
const user = {
  _id: 'u_1',
  walletAddress: WALLET_A,
  username: 'ninja',
  displayName: 'Ninja',
  characterId: 7,
  level: 1,
  referralCode: 'ABCD2345',
  stats: STATS,
  achievements: ['welcome-warrior'],
};

function messages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('generate-message', () => {
  it('takes a wallet and answers a message, its nonce and its Sign In With Solana fields', () => {
    expect(generateMessageBody.parse({ walletAddress: WALLET_A })).toEqual({ walletAddress: WALLET_A });
    expect(generateMessageBody.safeParse({ walletAddress: 'nope' }).success).toBe(false);
    const input = {
      domain: 'duel.example.com',
      address: WALLET_A,
      statement: 'Sign in to Duel Dojo.',
      uri: 'https://duel.example.com',
      version: '1',
      chainId: 'mainnet',
      nonce: 'abc',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T00:05:00.000Z',
    };
    expect(generateMessageAnswer.safeParse({ success: true, message: 'sign this', nonce: 'abc', input }).success).toBe(true);
    expect(generateMessageAnswer.safeParse({ success: true, message: HUGE, nonce: 'abc', input }).success).toBe(false);
    // The fields a solana:signIn wallet writes the message from.
    expect(generateMessageAnswer.safeParse({ success: true, message: 'sign this', nonce: 'abc' }).success).toBe(false);
    expect(generateMessageAnswer.safeParse({ success: true, message: 'sign this', nonce: 'abc', input: { ...input, address: 'nope' } }).success).toBe(false);
  });
});

describe('signup', () => {
  it('parses the signature to bytes, defaults source and normalizes the referral code', () => {
    const parsed = signupBody.parse({ ...signed, username: 'ninja_1', referralCode: ' abcd2345 ' });
    expect(parsed.signature).toEqual(Uint8Array.from({ length: 64 }, (_, i) => i));
    expect(parsed.source).toBe('organic');
    expect(parsed.referralCode).toBe('ABCD2345');
    expect(signupBody.parse({ ...signed, username: 'ninja_1', referralCode: null }).referralCode).toBeNull();
    expect(signupBody.parse({ ...signed, username: 'ninja_1' }).referralCode).toBeNull();
  });

  it('gives the username messages and the referral message', () => {
    expect(messages(signupBody.safeParse({ ...signed }))).toEqual(['Username is required']);
    expect(messages(signupBody.safeParse({ ...signed, username: 'ab' }))).toEqual(['Username must be at least 3 characters long']);
    expect(messages(signupBody.safeParse({ ...signed, username: 'ninja', referralCode: 'bad code' }))).toEqual(['Invalid referral code']);
  });

  it('refuses a bad signature, oversized message and fields of the wrong type', () => {
    expect(signupBody.safeParse({ ...signed, username: 'ninja', signature: '[1,2,3]' }).success).toBe(false);
    expect(signupBody.safeParse({ ...signed, username: 'ninja', message: HUGE }).success).toBe(false);
    expect(signupBody.safeParse({ ...signed, username: 'ninja', walletType: HUGE }).success).toBe(false);
    expect(signupBody.safeParse({ ...signed, username: 'ninja', nonce: 'a b' }).success).toBe(false);
    expect(signupBody.safeParse({ ...signed, username: 'ninja', source: 'Not Organic!' }).success).toBe(false);
  });
});

describe('signin (signed, like signup)', () => {
  it('needs the signature, message and nonce', () => {
    expect(signinBody.safeParse(signed).success).toBe(true);
    for (const field of ['signature', 'message', 'nonce', 'walletType', 'walletAddress'] as const) {
      const { [field]: _dropped, ...rest } = signed;
      expect(signinBody.safeParse(rest).success, field).toBe(false);
    }
  });
});

describe('answers', () => {
  it('carry the sign-in user', () => {
    expect(authAnswer.parse({ success: true, user, token: 'a.b.c' }).user.stats.wins).toBe(2);
    expect(sessionUser.safeParse({ ...user, stats: { ...STATS, totalEarnings: '1.5' } }).success).toBe(false);
    expect(sessionUser.safeParse({ ...user, characterId: 99 }).success).toBe(false);
    expect(authAnswer.safeParse({ success: true, user, token: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('validate-token: the renewed token is optional', () => {
    expect(validateTokenBody.safeParse({ token: 'a.b.c' }).success).toBe(true);
    expect(validateTokenBody.safeParse({ token: '' }).success).toBe(false);
    expect(validateTokenAnswer.safeParse({ success: true, user }).success).toBe(true);
    expect(validateTokenAnswer.safeParse({ success: true, user, token: 'a.b.c' }).success).toBe(true);
    expect(logoutAnswer.safeParse({ success: true }).success).toBe(true);
  });

  it('referral lookup', () => {
    expect(referralParams.parse({ code: 'abcd2345' })).toEqual({ code: 'ABCD2345' });
    expect(messages(referralParams.safeParse({ code: '!!' }))).toEqual(['Invalid referral code']);
    expect(
      referralAnswer.safeParse({ success: true, referrer: { displayName: 'Sensei', level: 12, totalReferrals: 3 } }).success,
    ).toBe(true);
    expect(referralAnswer.safeParse({ success: true, referrer: { displayName: 'Sensei', level: 0, totalReferrals: 3 } }).success).toBe(false);
  });
});
