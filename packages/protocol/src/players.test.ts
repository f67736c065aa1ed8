import { describe, expect, it } from 'vitest';
import { charactersAnswer, profileAnswer, userParams, userProfile } from './players';
import { HUGE, ISO, STATS, WALLET_A } from './test-support/samples';

const profile = {
  username: 'ninja',
  displayName: 'Duelist_AbCdWxYz',
  walletAddress: WALLET_A,
  joinedDate: ISO,
  createdAt: ISO,
  lastActiveDate: '2025-08-15T10:20:30+02:00',
  level: 3,
  experience: 240,
  characterId: 7,
  achievements: [],
  referralCode: 'ABCD2345',
  totalReferrals: 0,
  preferences: { soundEnabled: true, animationsEnabled: true, publicProfile: true, autoReconnect: true, gameNotifications: false },
  stats: STATS,
};

describe('profile', () => {
  it('accepts every profile field', () => {
    expect(profileAnswer.parse({ success: true, user: profile }).user).toEqual(profile);
    expect(userProfile.safeParse({ ...profile, referralCode: null }).success).toBe(true);
    expect(userParams.safeParse({ wallet: WALLET_A }).success).toBe(true);
    expect(userParams.safeParse({ wallet: 'x' }).success).toBe(false);
  });

  it('refuses money as floats or numbers, missing fields and oversized text', () => {
    for (const key of ['totalEarnings', 'totalLosses', 'biggestWin', 'biggestLoss'] as const) {
      expect(userProfile.safeParse({ ...profile, stats: { ...STATS, [key]: '0.5' } }).success, key).toBe(false);
      expect(userProfile.safeParse({ ...profile, stats: { ...STATS, [key]: 5 } }).success, key).toBe(false);
      expect(userProfile.safeParse({ ...profile, stats: { ...STATS, [key]: '-5' } }).success, key).toBe(false);
    }
    const { preferences: _p, ...noPreferences } = profile;
    expect(userProfile.safeParse(noPreferences).success).toBe(false);
    expect(userProfile.safeParse({ ...profile, displayName: HUGE }).success).toBe(false);
    expect(userProfile.safeParse({ ...profile, joinedDate: '14/08/2025' }).success).toBe(false);
    expect(userProfile.safeParse({ ...profile, achievements: Array.from({ length: 101 }, () => 'a') }).success).toBe(false);
  });
});

describe('owned characters', () => {
  it('lists character ids with their date', () => {
    const answer = { success: true, charactersOwned: [{ characterId: 12, acquiredAt: ISO }] };
    expect(charactersAnswer.parse(answer)).toEqual(answer);
    expect(charactersAnswer.safeParse({ success: true, charactersOwned: [{ characterId: 42, acquiredAt: ISO }] }).success).toBe(false);
  });
});
