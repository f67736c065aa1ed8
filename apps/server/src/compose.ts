// Builds the modules on their adapters and returns their route groups: what main.ts serves
// and what tests start, so both run the same wiring.
import type { Database } from './adapters/db/connect';
import { createAccountsStore } from './adapters/db/accounts-store';
import { createGameRecordsStore } from './adapters/db/game-records-store';
import { createLeaderboardStore } from './adapters/db/leaderboard-store';
import type { Config } from './config';
import { authRoutes } from './http/auth-routes';
import { gameRoutes } from './http/game-routes';
import { leaderboardRoutes } from './http/leaderboard-routes';
import { playerRoutes } from './http/player-routes';
import type { RoutePlugin } from './http/route-plugin';
import { resolveJwtSecret } from './jwt-secret';
import { type Accounts, createAccounts } from './modules/accounts';
import { type GameRecords, createGameRecords } from './modules/duels';
import { type Leaderboard, createLeaderboard } from './modules/leaderboard';

export interface ComposeOptions {
  /** The clock, for tests that need to move time (nonce and token expiry). */
  readonly now?: () => Date;
  /** Auth requests per minute per address; default AUTH_RATE_LIMIT. */
  readonly authRateLimitPerMinute?: number;
  /** How long a leaderboard answer is reused; 0 computes every request (tests). */
  readonly leaderboardCacheMs?: number;
}

export interface Modules {
  readonly accounts: Accounts;
  readonly records: GameRecords;
  readonly leaderboard: Leaderboard;
  readonly routes: readonly RoutePlugin[];
}

/** The Sign In With Solana "Chain ID": the cluster's name. */
const CHAIN_IDS: Record<Config['cluster'], string> = { localnet: 'localnet', devnet: 'devnet', 'mainnet-beta': 'mainnet' };

export async function composeModules(config: Config, database: Database, options: ComposeOptions = {}): Promise<Modules> {
  const accounts = createAccounts({
    store: createAccountsStore(database.db),
    jwtSecret: await resolveJwtSecret(config),
    publicOrigin: config.publicOrigin,
    chainId: CHAIN_IDS[config.cluster],
    ...(options.now ? { now: options.now } : {}),
  });
  const records = createGameRecords(createGameRecordsStore(database.db));
  const leaderboard = createLeaderboard({
    store: createLeaderboardStore(database.db),
    ...(options.now ? { now: options.now } : {}),
    ...(options.leaderboardCacheMs === undefined ? {} : { cacheMs: options.leaderboardCacheMs }),
  });
  return {
    accounts,
    records,
    leaderboard,
    routes: [authRoutes(accounts, options.authRateLimitPerMinute), playerRoutes(accounts), gameRoutes(records), leaderboardRoutes(leaderboard)],
  };
}
