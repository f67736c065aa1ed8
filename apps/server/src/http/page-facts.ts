// What a shared page's card says (page-head.ts), read from the modules: a player's name and
// record for /profile/{wallet}, a game's record for /watch/{sessionId}. null: no such player or
// game, and the page answers 404.
import { type GameRecord, entityId, walletAddress } from '@duel-dojo/protocol';
import { isRefusal } from '../errors';
import { type Accounts, profileView } from '../modules/accounts';
import type { GameRecords } from '../modules/duels';

export interface ProfileFacts {
  readonly displayName: string;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface PageFacts {
  profile(wallet: string): Promise<ProfileFacts | null>;
  game(sessionId: string): Promise<GameRecord | null>;
}

export function pageFactsOf(modules: { readonly accounts: Accounts; readonly records: GameRecords }): PageFacts {
  return {
    async profile(wallet) {
      // An address that cannot be a wallet names nobody: no database read for it.
      if (!walletAddress.safeParse(wallet).success) return null;
      try {
        const { displayName, stats } = profileView(await modules.accounts.profiles.profile(wallet), false);
        return { displayName, wins: stats.wins, losses: stats.losses, draws: stats.draws };
      } catch (error) {
        if (isRefusal(error, 'USER_NOT_FOUND')) return null;
        throw error;
      }
    },
    async game(sessionId) {
      if (!entityId.safeParse(sessionId).success) return null;
      return modules.records.one(sessionId);
    },
  };
}
