// Builds the modules on their adapters and returns their route groups: what main.ts serves
// and what tests start, so both run the same wiring.
import type { Database } from './adapters/db/connect';
import { createAccountsStore } from './adapters/db/accounts-store';
import { createDuelsStore } from './adapters/db/duels-store';
import { createGameRecordsStore } from './adapters/db/game-records-store';
import { createLeaderboardStore } from './adapters/db/leaderboard-store';
import { createLedgerStore } from './adapters/db/ledger-store';
import { createPaymentsStore } from './adapters/db/payments-store';
import { createGameLeasesStore } from './adapters/db/game-leases-store';
import { createMarketplaceStore } from './adapters/db/marketplace-store';
import { createTournamentsStore } from './adapters/db/tournaments-store';
import { createWalletHistory } from './adapters/db/wallet-history';
import { createWalletMoneyStore } from './adapters/db/wallet-money-store';
import type { SolanaChain } from './adapters/chain/solana-chain';
import { randomUUID } from 'node:crypto';
import { createInProcessMatchQueue } from './adapters/realtime/in-process-match-queue';
import type { Leadership } from './adapters/realtime/redis-leadership';
import { type RedisRealtime, openRedisRealtime } from './adapters/realtime/redis-realtime';
import { createInProcessPresence } from './adapters/realtime/in-process-presence';
import { createSessionCloser } from './adapters/realtime/session-closer';
import { createSocketIoEmitter } from './adapters/realtime/socket-io-emitter';
import { createTournamentNotifier } from './adapters/realtime/tournament-notifier';
import type { Config } from './config';
import { authRoutes } from './http/auth-routes';
import { gameRoutes } from './http/game-routes';
import { leaderboardRoutes } from './http/leaderboard-routes';
import { marketplaceRoutes } from './http/marketplace-routes';
import { ledgerRoutes } from './http/ledger-routes';
import { moneyRoutes } from './http/money-routes';
import { playerRoutes } from './http/player-routes';
import { tournamentRoutes } from './http/tournament-routes';
import type { RateLimitStore } from './http/rate-limit';
import type { RoutePlugin } from './http/route-plugin';
import { resolveJwtSecret } from './jwt-secret';
import { type Accounts, createAccounts } from './modules/accounts';
import {
  type Duels,
  type GameRecords,
  type GameTimings,
  type RefundRequester,
  type StakeVerifier,
  createDuels,
  createGameRecords,
  DEFAULT_LEASE_TIMINGS,
  type LeaseTimings,
  systemClock,
} from './modules/duels';
import { type Leaderboard, createLeaderboard } from './modules/leaderboard';
import { createMarketplace } from './modules/marketplace';
import { type Ledger, type LedgerDeps, createLedger, createWalletMoney } from './modules/ledger';
import { type AppLogger, createLogger, reporter } from './logger';
import { type Payments, type PaymentsDeps, createPayments } from './modules/payments';
import { type TournamentMoney, type Tournaments, type TournamentsDeps, createTournaments } from './modules/tournaments';
import type { GameServer } from './socket/game-socket';
import type { MessageBudget } from './socket/message-budget';
import { registerGameHandlers } from './socket/register-game-handlers';

export interface ComposeOptions {
  /** The clock, for tests that need to move time (nonce and token expiry). */
  readonly now?: () => Date;
  /** Auth requests per minute per address; default AUTH_RATE_LIMIT. */
  readonly authRateLimitPerMinute?: number;
  /** How long a leaderboard answer is reused; 0 computes every request (tests). */
  readonly leaderboardCacheMs?: number;
  /** The live game's durations (intro, round, results, gameStats push interval); tests shorten them. */
  readonly gameTimings?: Partial<GameTimings>;
  /** The game server's clock in epoch ms (round endTime, late actions); default Date.now. */
  readonly gameNow?: () => number;
  /** Numbers in [0, 1) for the bot; default Math.random. */
  readonly gameRandom?: () => number;
  /** Messages a socket may send per window before it is disconnected; default 100 in 20 s. */
  readonly socketMessageBudget?: MessageBudget;
  /** Payments: verified stakes for paid games. Absent: paid joins are refused. */
  readonly stakeVerifier?: StakeVerifier;
  /** Payments and ledger: the refund of a cancelled paid waiting game. */
  readonly refundRequester?: RefundRequester;
  /**
   * The chain (adapters/chain/open-chain.ts). With it the money path is on: stakes, purchases,
   * claims, refunds, the ledger's recovery loop and /api/ledger/summary. Without it paid games
   * are refused.
   */
  readonly chain?: SolanaChain;
  readonly money?: MoneyOptions;
  /** The games' leases (docs/durable-games.md); tests shorten them. */
  readonly leaseTimings?: Partial<LeaseTimings>;
  /** This node's name in the leases and on the node bus; default a random uuid per process. */
  readonly nodeId?: string;
  /** Prefix of every Redis key and channel; default REDIS_PREFIX. Tests give each run its own. */
  readonly redisPrefix?: string;
  /** The tournaments' clock (start dates, no-show deadlines), scheduler pace, create limit. */
  readonly tournaments?: TournamentOptions;
  /** Spectators per game (docs/spectating.md); default protocol's SPECTATOR_CAP. Tests lower it. */
  readonly spectatorCap?: number;
  /** The process's logger (logger.ts), shared with Fastify; default one at LOG_LEVEL. */
  readonly logger?: AppLogger;
}

export type TournamentOptions = Partial<Pick<TournamentsDeps, 'now' | 'tickMs' | 'noShowMs'>> & {
  /** POST /api/tournaments per minute per address; default 30. */
  readonly createsPerMinute?: number;
};

/** Tuning of the money path: tests shorten the waits; crashAt is for the kill tests only. */
export type MoneyOptions = Partial<Pick<LedgerDeps, 'waitMs' | 'driveMs' | 'expiryMarginBlocks' | 'unusedStakeGraceMs' | 'backgroundIntervalMs' | 'crashAt' | 'log'>> &
  Partial<Pick<PaymentsDeps, 'ttlMs' | 'findBudgetMs' | 'findIntervalMs' | 'clockSkewMs' | 'expiredGraceMs'>> & {
    /** Local cluster: the treasury's first-start airdrop (default 1,000 SOL); 0n skips it. */
    readonly localTopUpLamports?: bigint;
    /** Run the ledger's recovery loop (resume transfers, due refunds); default true. */
    readonly background?: boolean;
  };

export interface Modules {
  readonly accounts: Accounts;
  readonly records: GameRecords;
  readonly leaderboard: Leaderboard;
  readonly duels: Duels;
  /** Null without a chain (ComposeOptions.chain). */
  readonly ledger: Ledger | null;
  readonly payments: Payments | null;
  readonly tournaments: Tournaments;
  readonly routes: readonly RoutePlugin[];
  /** Several nodes: where the HTTP rate limits count (createServer's rateLimitStore); null: in memory. */
  readonly rateLimitStore: RateLimitStore | null;
  /**
   * Attaches the socket handlers (handshake, budget, game events) to the server's Socket.IO, then
   * takes up the games left by a node that is gone: only once events can reach their players.
   */
  sockets(io: GameServer): Promise<void>;
  /** Stops the modules' timers and waits for their queued work; call after server.stop(). */
  stop(): Promise<void>;
}

/** The Sign In With Solana "Chain ID": the cluster's name. */
const CHAIN_IDS: Record<Config['cluster'], string> = { localnet: 'localnet', devnet: 'devnet', 'mainnet-beta': 'mainnet' };

export async function composeModules(config: Config, database: Database, options: ComposeOptions = {}): Promise<Modules> {
  // A logout closes the session's sockets (docs/security.md 21): accounts tells, the socket layer acts.
  const sessionCloser = createSessionCloser();
  const accounts = createAccounts({
    store: createAccountsStore(database.db),
    revocations: sessionCloser.listener,
    jwtSecret: await resolveJwtSecret(config),
    publicOrigins: config.publicOrigins,
    chainId: CHAIN_IDS[config.cluster],
    ...(options.now ? { now: options.now } : {}),
  });
  const records = createGameRecords({ ...createGameRecordsStore(database.db), listByWallet: createWalletHistory(database.db) }, (sessionId) => duels.recorded(sessionId));
  const leaderboard = createLeaderboard({
    store: createLeaderboardStore(database.db),
    ...(options.now ? { now: options.now } : {}),
    ...(options.leaderboardCacheMs === undefined ? {} : { cacheMs: options.leaderboardCacheMs }),
  });
  const logger = options.logger ?? createLogger(config.logLevel);
  const report = reporter(logger.child({ module: 'cluster' }));
  const nodeId = options.nodeId ?? randomUUID();
  // Several nodes (docs/several-nodes.md): shared queues, presence, tier locks and a bus to the
  // node that holds a game; without Redis, all of it in this process.
  const redis: RedisRealtime | null = config.redisUrl ? await openRedisRealtime(config.redisUrl, { nodeId, prefix: options.redisPrefix ?? config.redisPrefix, report }) : null;
  // Work for one node at a time (the tournaments, the ledger's loop): the leader's, with Redis.
  let leadership: Leadership | null = null;
  const leads = () => (redis ? (leadership?.leads() ?? false) : true);
  const money = options.chain ? await composeMoney(config, database, options.chain, options, leads, logger) : null;
  const realtime = createSocketIoEmitter();
  const leases = createGameLeasesStore(database.db);
  const leaseTimings = { ...DEFAULT_LEASE_TIMINGS, ...options.leaseTimings };
  const duels = createDuels({
    store: createDuelsStore(database.db, { leaseMs: leaseTimings.leaseMs }),
    // Games outlive this process (docs/durable-games.md); an embedded database has no other node.
    leases,
    exclusive: database.kind === 'pglite',
    leaseTimings,
    nodeId,
    report: reporter(logger.child({ module: 'duels' })),
    emitter: realtime.emitter,
    matchQueue: redis?.matchQueue ?? createInProcessMatchQueue(),
    presence: redis?.presence ?? createInProcessPresence(),
    ...(redis ? { bus: redis.bus, tierLocks: redis.tierLocks, countActiveGames: () => leases.countActive(), leader: () => redis.leader() } : {}),
    clock: systemClock(options.gameNow),
    timings: { claimVictoryAfterMs: config.claimVictoryAfterMs, ...options.gameTimings },
    ...(options.gameRandom ? { random: options.gameRandom } : {}),
    ...(options.spectatorCap === undefined ? {} : { spectatorCap: options.spectatorCap }), finishedGame: (sessionId) => records.one(sessionId),
    ...((options.stakeVerifier ?? money?.payments) ? { stakeVerifier: options.stakeVerifier ?? money?.payments } : {}),
    ...((options.refundRequester ?? money?.ledger) ? { refundRequester: options.refundRequester ?? money?.ledger } : {}),
  });
  const { createsPerMinute, ...tournamentTuning } = options.tournaments ?? {};
  const tournamentNotices = createTournamentNotifier();
  const tournaments = createTournaments({
    store: createTournamentsStore(database.db),
    host: duels.reserved,
    notifier: tournamentNotices.notifier,
    report: reporter(logger.child({ module: 'tournaments' })),
    ...(money ? { money: tournamentMoney(money) } : {}),
    ...tournamentTuning,
  });
  const lead = async () => {
    await tournaments.start();
    // The new leader's first recovery pass now, as a single node's start would run it.
    if (money && (options.money?.background ?? true)) void money.ledger.recover().catch((error: unknown) => report(error, 'ledger recovery failed'));
  };
  if (redis) leadership = await redis.lead({ gained: lead, lost: () => tournaments.stop(), report });
  else await tournaments.start();
  return {
    accounts,
    records,
    leaderboard,
    duels,
    ledger: money?.ledger ?? null,
    payments: money?.payments ?? null,
    tournaments,
    rateLimitStore: redis?.rateLimitStore ?? null,
    async sockets(io) {
      await redis?.attach(io);
      realtime.bind(io);
      sessionCloser.bind(io);
      tournamentNotices.bind(io, (wallet) => tournaments.waitingNotices(wallet), reporter(logger.child({ module: 'tournaments' })));
      registerGameHandlers(io, {
        sessions: accounts.sessions,
        duels,
        report: reporter(logger.child({ module: 'socket' })),
        ...(options.socketMessageBudget ? { budget: options.socketMessageBudget } : {}),
        connectionsPerAddress: config.socketConnectionsPerAddress,
        trustProxy: config.trustProxy,
        ...(redis ? { connectionCounts: redis.connectionCounts } : {}),
        ...(money ? { money } : {}),
      });
      // Games left by a node that is gone (this one's previous run included) play on from here,
      // now that a resumed game finds its players and reaches them on any node (a takeover before
      // the Socket.IO adapter listens would find every player absent and tell them nothing).
      await duels.start();
    },
    async stop() {
      await leadership?.stop();
      await tournaments.stop();
      await duels.stop();
      await money?.ledger.stop();
      await redis?.close();
    },
    routes: [
      authRoutes(accounts, options.authRateLimitPerMinute),
      playerRoutes(accounts),
      gameRoutes(records),
      leaderboardRoutes(leaderboard),
      marketplaceRoutes(createMarketplace(createMarketplaceStore(database.db))),
      tournamentRoutes(tournaments, accounts.sessions, createsPerMinute),
      // The ledger's rows need no chain to be read: a server without one shows what it holds.
      moneyRoutes(createWalletMoney({ store: createWalletMoneyStore(database.db) }), accounts.sessions),
      ...(money ? [ledgerRoutes(money.ledger, config.operatorToken)] : []),
    ],
  };
}

const LOCAL_TOP_UP_LAMPORTS = 1_000n * 1_000_000_000n;

/** Paid tournaments' money: entries through payments, prizes and refunds through the ledger. */
function tournamentMoney(money: { ledger: Ledger; payments: Payments }): TournamentMoney {
  return {
    requestEntry: (request) => money.payments.requestTournamentEntry(request),
    payEntry: (request) => money.payments.payTournamentEntry(request),
    payPrizes: (tournamentId) => money.ledger.payPrizes(tournamentId),
    // The refunds of a cancelled tournament's entries are found by the ledger's pass.
    refundEntries: () => money.ledger.recover(),
  };
}

/** The ledger and payments modules on the chain and the database. */
async function composeMoney(config: Config, database: Database, chain: SolanaChain, options: ComposeOptions, leads: () => boolean, logger: AppLogger): Promise<{ ledger: Ledger; payments: Payments }> {
  const tuning = options.money ?? {};
  const { localTopUpLamports = LOCAL_TOP_UP_LAMPORTS, background = true, ...rest } = tuning;
  const ledger = createLedger({ ...rest, store: createLedgerStore(database.db), chain, log: tuning.log ?? logger.child({ module: 'ledger' }), ...(options.now ? { now: options.now } : {}) });
  const payments = createPayments({
    ...rest,
    store: createPaymentsStore(database.db),
    ledger,
    ...paymentsChain(chain),
    log: tuning.log ?? logger.child({ module: 'payments' }),
    solUsdPrice: config.solUsdPrice,
    ...(options.now ? { now: options.now } : {}),
  });
  // Every lamport that reaches the treasury is booked (refused transfers given back, donations
  // kept), then requests that expired unverified are looked up by reference (docs/security.md 8).
  ledger.addRecoveryStep('treasury intake', () => payments.watchTreasury());
  ledger.addRecoveryStep('expired payment requests', () => payments.sweepExpired());
  // Nodes starting at once would each see an unfunded treasury and ask for an airdrop.
  if (config.cluster === 'localnet' && localTopUpLamports > 0n) await database.exclusive('treasuryFunding', () => ledger.fundTreasuryByAirdrop(localTopUpLamports));
  if (background) ledger.start(leads);
  return { ledger, payments };
}

/** What the payments module reads from the chain (also what a test's second node is given). */
export function paymentsChain(chain: SolanaChain): Pick<PaymentsDeps, 'fetchTransfer' | 'findSignatures' | 'treasurySignatures' | 'treasury'> {
  return {
    fetchTransfer: (signature) => chain.fetchTransfer(signature),
    findSignatures: (reference, limit) => chain.signaturesForAddress(reference, { limit }),
    treasurySignatures: (until) => chain.treasurySignatures(until === null ? {} : { until }),
    treasury: chain.treasury,
  };
}
