// The server's configuration: environment variables parsed by zod into one typed value. A bad
// value stops the start with a single line naming the variable (docs/operations.md), so an
// operator sees at once what to fix instead of a stack trace from deep inside a plugin.
import { resolve } from 'node:path';
import { CLAIM_VICTORY_AFTER_MS } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { DEFAULT_RPC_URLS, SOLANA_CLUSTERS, type SolanaCluster, deriveWsUrl } from './config-cluster';
import { type PublicOrigins, defaultPublicOrigins, parsePublicOrigins, publicOriginsProblem } from './config-origins';

export { type SolanaCluster } from './config-cluster';
export { type PublicOrigins } from './config-origins';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL when set; otherwise PGlite in `${dataDir}/db`. */
  readonly databaseUrl: string | null;
  /** Connections of the PostgreSQL pool (adapters/db/connect.ts); PGlite has one. */
  readonly databasePoolSize: number;
  /** Absolute path: PGlite's files, the persisted JWT secret and (later) chain state live here. */
  readonly dataDir: string;
  readonly redisUrl: string | null;
  /** Every Redis key and channel of this cluster starts with it (several clusters may share one Redis). */
  readonly redisPrefix: string;
  readonly cluster: SolanaCluster;
  readonly rpcUrl: string;
  readonly wsUrl: string;
  /** Path to a keypair file; null when unset, which only localnet allows: the server then generates one under DATA_DIR. */
  readonly treasuryKeypair: string | null;
  /** Null only on localnet without JWT_SECRET: main.ts then uses the one kept in DATA_DIR (jwt-secret.ts). */
  readonly jwtSecret: string | null;
  /** Decimal string, never a float: SOL amounts are computed from it in integer lamports. */
  readonly solUsdPrice: string;
  /**
   * PUBLIC_ORIGIN: every origin players open the game at (scheme, host and port; no path), the
   * canonical one first (OpenAPI's server, links). A sign-in message names the requesting page's
   * origin when it is one of them; sockets and the CSP accept exactly these.
   */
  readonly publicOrigins: PublicOrigins;
  /** ISO date-time; without a zone the web app reads it as the player's local time. */
  readonly earlyAccessTarget: string;
  /** How long a player must have been disconnected before the opponent may claim the victory (docs/leaving-a-game.md). */
  readonly claimVictoryAfterMs: number;
  readonly logLevel: LogLevel;
  /** Open sockets allowed per client address (docs/security.md 23); 0 turns the cap off (benchmarks). */
  readonly socketConnectionsPerAddress: number;
  /**
   * The bearer token of the operator's routes (GET /api/ledger/summary: the business's totals);
   * null: those routes answer 403 to everyone.
   */
  readonly operatorToken: string | null;
  /** Take the client's address from X-Forwarded-For (the load balancer's): per-address limits see the player. */
  readonly trustProxy: boolean;
}

/** The one-line message names the variable; `main.ts` prints it and exits 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const MIN_JWT_SECRET_LENGTH = 32;
/** Long enough that guessing it over a rate-limited route is hopeless. */
export const MIN_OPERATOR_TOKEN_LENGTH = 32;

const httpUrl = (value: string): boolean => hasProtocol(value, ['http:', 'https:']);
const wsUrl = (value: string): boolean => hasProtocol(value, ['ws:', 'wss:']);

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

// ISO 8601 date-time, with or without a zone, that the JavaScript Date parser also accepts.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A variable that must pass `test`; `message` completes "Invalid configuration: NAME …". */
const rule = (message: string, test: (value: string) => boolean) => z.string().check(z.refine(test, message));

const PORT_RULE = 'must be an integer 1-65535';
/** DATABASE_POOL_SIZE's default; also adapters/db/connect.ts's for callers that pass none (the benches). */
const DEFAULT_POOL_SIZE = 20;
const PRICE_RULE = 'must be a positive decimal number such as 150 or 142.35';

const envSchema = z.object({
  PORT: z._default(z.pipe(rule(PORT_RULE, (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), z.transform(Number)), 3000),
  HOST: z._default(rule('must be a host name or IP address', (v) => /^[^\s/]+$/.test(v)), '0.0.0.0'),
  DATABASE_URL: z.optional(rule('must be a postgres:// or postgresql:// URL', (v) => hasProtocol(v, ['postgres:', 'postgresql:']))),
  // Every game's writes and every API read share the pool: a node with thousands of games needs more than pg's 10.
  DATABASE_POOL_SIZE: z._default(
    z.pipe(
      rule('must be a whole number from 1 to 500', (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 500),
      z.transform(Number),
    ),
    DEFAULT_POOL_SIZE,
  ),
  DATA_DIR: z._default(z.string(), './data'),
  REDIS_URL: z.optional(rule('must be a redis:// or rediss:// URL', (v) => hasProtocol(v, ['redis:', 'rediss:']))),
  // Redis channels are shared by every logical database: separate clusters on one Redis need their own prefix.
  REDIS_PREFIX: z._default(rule('must be 1-64 letters, digits, ":", "_" or "-"', (v) => /^[A-Za-z0-9:_-]{1,64}$/.test(v)), 'dd:'),
  SOLANA_CLUSTER: z._default(z.enum(SOLANA_CLUSTERS, `must be one of ${SOLANA_CLUSTERS.join(', ')}`), 'localnet'),
  SOLANA_RPC_URL: z.optional(rule('must be an http:// or https:// URL', httpUrl)),
  SOLANA_WS_URL: z.optional(rule('must be a ws:// or wss:// URL', wsUrl)),
  TREASURY_KEYPAIR: z.optional(z.string()),
  JWT_SECRET: z.optional(rule(`must be at least ${MIN_JWT_SECRET_LENGTH} characters`, (v) => v.length >= MIN_JWT_SECRET_LENGTH)),
  SOL_USD_PRICE: z._default(
    rule(PRICE_RULE, (v) => /^\d{1,12}(\.\d{1,9})?$/.test(v) && /[1-9]/.test(v)),
    '150',
  ),
  PUBLIC_ORIGIN: z.optional(
    z.string().check(
      z.superRefine((value, context) => {
        const problem = publicOriginsProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    ),
  ),
  EARLY_ACCESS_TARGET: z._default(
    rule('must be an ISO date-time such as 2025-08-14T00:00:00', (v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))),
    '2025-08-14T00:00:00',
  ),
  CLAIM_VICTORY_AFTER_SECONDS: z._default(
    z.pipe(
      rule('must be a whole number of seconds from 1 to 600', (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 600),
      z.transform(Number),
    ),
    CLAIM_VICTORY_AFTER_MS / 1000,
  ),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  SOCKET_MAX_CONNECTIONS_PER_IP: z._default(z.pipe(rule('must be a whole number (0 = no cap)', (v) => /^\d{1,6}$/.test(v)), z.transform(Number)), 50),
  // Sent as `Authorization: Bearer <token>`: one word, no spaces.
  OPERATOR_TOKEN: z.optional(
    rule(`must be at least ${MIN_OPERATOR_TOKEN_LENGTH} characters without spaces`, (v) => /^\S+$/.test(v) && v.length >= MIN_OPERATOR_TOKEN_LENGTH),
  ),
  // Behind a load balancer the client's address is in X-Forwarded-For; trusted only when asked.
  TRUST_PROXY: z._default(
    z.pipe(
      z.enum(['true', 'false', '1', '0'], 'must be true or false'),
      z.transform((v: 'true' | 'false' | '1' | '0') => v === 'true' || v === '1'),
    ),
    false,
  ),
});

type EnvName = keyof typeof envSchema.shape;
const ENV_NAMES = Object.keys(envSchema.shape) as EnvName[];
/** Never echoed back: a log line must not leak a secret or a password inside a URL. */
const SECRET_NAMES: ReadonlySet<EnvName> = new Set(['JWT_SECRET', 'DATABASE_URL', 'REDIS_URL', 'OPERATOR_TOKEN']);

/** Parses the environment (passed in, so tests need no process state). Throws ConfigError. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  // An empty variable (`PORT=`) means "not set": shells and compose files produce them easily.
  const raw: Partial<Record<EnvName, string>> = {};
  for (const name of ENV_NAMES) {
    const value = env[name]?.trim();
    if (value) raw[name] = value;
  }

  const parsed = envSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path[0] as EnvName;
        return `${name} ${issue.message}${shown(name, raw[name])}`;
      });
  // Public clusters need a stable secret shared by every node; a generated one would log
  // everyone out on each deploy.
  if (parsed.success && parsed.data.SOLANA_CLUSTER !== 'localnet' && !parsed.data.JWT_SECRET) {
    problems.push(`JWT_SECRET is required on ${parsed.data.SOLANA_CLUSTER} (at least ${MIN_JWT_SECRET_LENGTH} characters)`);
  }
  // Several nodes share one database, one JWT secret and one treasury: none may be a node's own.
  if (parsed.success && parsed.data.REDIS_URL) {
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'TREASURY_KEYPAIR'] as const) {
      if (!parsed.data[name]) problems.push(`REDIS_URL (several nodes) needs ${name} too: every node must share it`);
    }
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;

  const rpcUrl = vars.SOLANA_RPC_URL ?? DEFAULT_RPC_URLS[vars.SOLANA_CLUSTER];
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL ?? null,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    dataDir: resolve(vars.DATA_DIR),
    redisUrl: vars.REDIS_URL ?? null,
    redisPrefix: vars.REDIS_PREFIX,
    cluster: vars.SOLANA_CLUSTER,
    rpcUrl,
    wsUrl: vars.SOLANA_WS_URL ?? deriveWsUrl(rpcUrl),
    treasuryKeypair: vars.TREASURY_KEYPAIR ?? null,
    jwtSecret: vars.JWT_SECRET ?? null,
    solUsdPrice: vars.SOL_USD_PRICE,
    publicOrigins: vars.PUBLIC_ORIGIN ? parsePublicOrigins(vars.PUBLIC_ORIGIN) : defaultPublicOrigins(vars.PORT),
    earlyAccessTarget: vars.EARLY_ACCESS_TARGET,
    claimVictoryAfterMs: vars.CLAIM_VICTORY_AFTER_SECONDS * 1000,
    logLevel: vars.LOG_LEVEL,
    socketConnectionsPerAddress: vars.SOCKET_MAX_CONNECTIONS_PER_IP,
    operatorToken: vars.OPERATOR_TOKEN ?? null,
    trustProxy: vars.TRUST_PROXY,
  };
}

function shown(name: EnvName, value: string | undefined): string {
  if (value === undefined) return '';
  if (SECRET_NAMES.has(name)) return ` (got ${value.length} characters)`;
  // JSON quoting keeps control characters and quotes on the one line.
  return ` (got ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)})`;
}

/** The operator token of testConfig(): tests read the ledger summary with it. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-that-is-at-least-32-characters';

/** A valid configuration for tests: quiet logs, in-memory database, nothing on disk. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN }),
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    ...overrides,
  };
}
