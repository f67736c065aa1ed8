import { AppError } from '../../errors';
import type { AccountsStore } from './ports';
import { displayNameOf } from './user-views';


export function createProfileService(store: AccountsStore) {
  return {
    async profile(walletAddress: string) {
      const user = await store.findUserByWallet(walletAddress);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return user;
    },

    /** Bought characters; an unknown wallet owns none (the web app falls back to []). */
    async ownedCharacters(walletAddress: string) {
      const user = await store.findUserByWallet(walletAddress);
      return user ? store.ownedCharacters(user.id) : [];
    },

    async referrer(code: string) {
      const user = await store.findUserByReferralCode(code);
      if (!user) throw new AppError('INVALID_REFERRAL_CODE', { lookup: true });
      return { displayName: displayNameOf(user), level: user.level, totalReferrals: user.totalReferrals };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
