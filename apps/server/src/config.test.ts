import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from './config';
import { deriveWsUrl } from './config-cluster';
import { PUBLIC_ORIGIN_RULE as ORIGINS_RULE } from './config-origins';

/** The one line loadConfig throws for an environment. */
function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      redisUrl: null,
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:8899',
      wsUrl: 'ws://127.0.0.1:8900',
      treasuryKeypair: null,
      jwtSecret: null,
      solUsdPrice: '150',
      publicOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173', 'http://127.0.0.1:5173'],
      earlyAccessTarget: '2025-08-14T00:00:00',
      claimVictoryAfterMs: 30_000,
      logLevel: 'info',
      operatorToken: null,
    });
    expect(config.dataDir).toBe(`${process.cwd()}/data`);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/duel',
      DATABASE_POOL_SIZE: '40',
      DATA_DIR: '/var/lib/duel',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'duel:blue:',
      SOLANA_CLUSTER: 'devnet',
      SOLANA_RPC_URL: 'https://rpc.example.com/key',
      SOLANA_WS_URL: 'wss://ws.example.com/key',
      TREASURY_KEYPAIR: '/secrets/treasury.json',
      JWT_SECRET: 'x'.repeat(32),
      SOL_USD_PRICE: '142.35',
      PUBLIC_ORIGIN: 'https://duel.example.com/',
      EARLY_ACCESS_TARGET: '2026-01-01T12:00:00Z',
      CLAIM_VICTORY_AFTER_SECONDS: '45',
      LOG_LEVEL: 'warn',
      SOCKET_MAX_CONNECTIONS_PER_IP: '200',
      OPERATOR_TOKEN: 'o'.repeat(32),
      TRUST_PROXY: 'true',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/duel',
      databasePoolSize: 40,
      dataDir: '/var/lib/duel',
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'duel:blue:',
      cluster: 'devnet',
      rpcUrl: 'https://rpc.example.com/key',
      wsUrl: 'wss://ws.example.com/key',
      treasuryKeypair: '/secrets/treasury.json',
      jwtSecret: 'x'.repeat(32),
      solUsdPrice: '142.35',
      publicOrigins: ['https://duel.example.com'],
      earlyAccessTarget: '2026-01-01T12:00:00Z',
      claimVictoryAfterMs: 45_000,
      logLevel: 'warn',
      socketConnectionsPerAddress: 200,
      operatorToken: 'o'.repeat(32),
      trustProxy: true,
    });
  });

  it('refuses REDIS_URL (several nodes) without the database, JWT secret and treasury every node must share, in one line', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379' })).toThrow(
      'Invalid configuration: REDIS_URL (several nodes) needs DATABASE_URL too: every node must share it; REDIS_URL (several nodes) needs JWT_SECRET too: every node must share it; REDIS_URL (several nodes) needs TREASURY_KEYPAIR too: every node must share it',
    );
    const shared = { DATABASE_URL: 'postgres://db/duel', JWT_SECRET: 'x'.repeat(32), TREASURY_KEYPAIR: '/secrets/treasury.json' };
    expect(loadConfig({ ...shared, REDIS_URL: 'redis://cache:6379' })).toMatchObject({ redisUrl: 'redis://cache:6379', trustProxy: false });
  });

  it('derives the public origin from PORT and the public endpoints from the cluster', () => {
    expect(loadConfig({ PORT: '4000' }).publicOrigins).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://localhost:5173', 'http://127.0.0.1:5173']);
    const devnet = loadConfig({ SOLANA_CLUSTER: 'devnet', JWT_SECRET: 's'.repeat(40) });
    expect([devnet.rpcUrl, devnet.wsUrl]).toEqual(['https://api.devnet.solana.com', 'wss://api.devnet.solana.com']);
    const mainnet = loadConfig({ SOLANA_CLUSTER: 'mainnet-beta', JWT_SECRET: 's'.repeat(40) });
    expect([mainnet.rpcUrl, mainnet.wsUrl]).toEqual(['https://api.mainnet-beta.solana.com', 'wss://api.mainnet-beta.solana.com']);
  });

  it('reads PUBLIC_ORIGIN as a list, the canonical origin first, normalized and without repeats', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://duel.example.com, https://WWW.duel.example.com:443/ ,http://proxy.example:8080,https://duel.example.com,' }).publicOrigins).toEqual([
      'https://duel.example.com',
      'https://www.duel.example.com',
      'http://proxy.example:8080',
    ]);
    // Listing origins replaces the default: 127.0.0.1 is not added behind the operator's back.
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' }).publicOrigins).toEqual(['http://localhost:3000']);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (20 by default, 1-500)', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '64' }).databasePoolSize).toBe(64);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1000' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('treats an empty or blank variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({ port: 3000, databaseUrl: null });
  });

  const bad: [name: string, value: string, line: string][] = [
    ['PORT', 'abc', 'Invalid configuration: PORT must be an integer 1-65535 (got "abc")'],
    ['PORT', '0', 'Invalid configuration: PORT must be an integer 1-65535 (got "0")'],
    ['PORT', '65536', 'Invalid configuration: PORT must be an integer 1-65535 (got "65536")'],
    ['PORT', '80.5', 'Invalid configuration: PORT must be an integer 1-65535 (got "80.5")'],
    ['HOST', 'a b', 'Invalid configuration: HOST must be a host name or IP address (got "a b")'],
    ['DATABASE_URL', 'mysql://u:secret@h/db', 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got 21 characters)'],
    ['REDIS_URL', 'http://cache', 'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got 12 characters)'],
    ['SOLANA_CLUSTER', 'testnet', 'Invalid configuration: SOLANA_CLUSTER must be one of localnet, devnet, mainnet-beta (got "testnet")'],
    ['SOLANA_RPC_URL', 'localhost:8899', 'Invalid configuration: SOLANA_RPC_URL must be an http:// or https:// URL (got "localhost:8899")'],
    ['SOLANA_WS_URL', 'http://127.0.0.1:8900', 'Invalid configuration: SOLANA_WS_URL must be a ws:// or wss:// URL (got "http://127.0.0.1:8900")'],
    ['JWT_SECRET', 'short', 'Invalid configuration: JWT_SECRET must be at least 32 characters (got 5 characters)'],
    ['SOL_USD_PRICE', '1e3', 'Invalid configuration: SOL_USD_PRICE must be a positive decimal number such as 150 or 142.35 (got "1e3")'],
    ['SOL_USD_PRICE', '0', 'Invalid configuration: SOL_USD_PRICE must be a positive decimal number such as 150 or 142.35 (got "0")'],
    ['SOL_USD_PRICE', '-5', 'Invalid configuration: SOL_USD_PRICE must be a positive decimal number such as 150 or 142.35 (got "-5")'],
    ['PUBLIC_ORIGIN', 'https://duel.example.com/app', `Invalid configuration: PUBLIC_ORIGIN ${ORIGINS_RULE}; "https://duel.example.com/app" is not one (got "https://duel.example.com/app")`],
    ['PUBLIC_ORIGIN', 'https://duel.example.com, www.duel.example.com', `Invalid configuration: PUBLIC_ORIGIN ${ORIGINS_RULE}; "www.duel.example.com" is not one (got "https://duel.example.com, www.duel.example.com")`],
    ['PUBLIC_ORIGIN', 'https://duel.example.com,ftp://duel.example.com', `Invalid configuration: PUBLIC_ORIGIN ${ORIGINS_RULE}; "ftp://duel.example.com" is not one (got "https://duel.example.com,ftp://duel.example.com")`],
    ['PUBLIC_ORIGIN', 'https://duel.example.com,https://www.duel.example.com?x=1', `Invalid configuration: PUBLIC_ORIGIN ${ORIGINS_RULE}; "https://www.duel.example.com?x=1" is not one (got "https://duel.example.com,https://www.duel.example.com?x=1")`],
    ['PUBLIC_ORIGIN', ', ,', `Invalid configuration: PUBLIC_ORIGIN ${ORIGINS_RULE} (got ", ,")`],
    ['EARLY_ACCESS_TARGET', 'tomorrow', 'Invalid configuration: EARLY_ACCESS_TARGET must be an ISO date-time such as 2025-08-14T00:00:00 (got "tomorrow")'],
    ['EARLY_ACCESS_TARGET', '2025-13-45T00:00:00', 'Invalid configuration: EARLY_ACCESS_TARGET must be an ISO date-time such as 2025-08-14T00:00:00 (got "2025-13-45T00:00:00")'],
    ['OPERATOR_TOKEN', 'short-token', 'Invalid configuration: OPERATOR_TOKEN must be at least 32 characters without spaces (got 11 characters)'],
    ['OPERATOR_TOKEN', `${'o'.repeat(20)} ${'o'.repeat(20)}`, 'Invalid configuration: OPERATOR_TOKEN must be at least 32 characters without spaces (got 41 characters)'],
    ['REDIS_PREFIX', 'dd prefix', 'Invalid configuration: REDIS_PREFIX must be 1-64 letters, digits, ":", "_" or "-" (got "dd prefix")'],
    ['CLAIM_VICTORY_AFTER_SECONDS', '0', 'Invalid configuration: CLAIM_VICTORY_AFTER_SECONDS must be a whole number of seconds from 1 to 600 (got "0")'],
    ['CLAIM_VICTORY_AFTER_SECONDS', '2.5', 'Invalid configuration: CLAIM_VICTORY_AFTER_SECONDS must be a whole number of seconds from 1 to 600 (got "2.5")'],
    ['TRUST_PROXY', 'yes', 'Invalid configuration: TRUST_PROXY must be true or false (got "yes")'],
    ['LOG_LEVEL', 'loud', 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
  ];

  it.each(bad)('refuses %s=%s with one line naming it', (name, value, line) => {
    const message = failure({ [name]: value });
    expect(message).toBe(line);
    expect(message).not.toContain('\n');
  });

  it('requires JWT_SECRET on the public clusters, never echoing a secret', () => {
    expect(failure({ SOLANA_CLUSTER: 'devnet' })).toBe('Invalid configuration: JWT_SECRET is required on devnet (at least 32 characters)');
    expect(failure({ SOLANA_CLUSTER: 'mainnet-beta' })).toBe(
      'Invalid configuration: JWT_SECRET is required on mainnet-beta (at least 32 characters)',
    );
    expect(failure({ JWT_SECRET: 'hunter2' })).not.toContain('hunter2');
  });

  it('names every bad variable on the same line', () => {
    const message = failure({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(message).toMatch(/^Invalid configuration: PORT .*; LOG_LEVEL .*$/);
    expect(message).not.toContain('\n');
  });

  it('keeps control characters of a bad value on the one line', () => {
    expect(failure({ PORT: '1\n2' })).toBe('Invalid configuration: PORT must be an integer 1-65535 (got "1\\n2")');
  });
});

describe('deriveWsUrl', () => {
  it('follows the Solana convention: ws(s) scheme, next port when one is given', () => {
    expect(deriveWsUrl('http://127.0.0.1:8899')).toBe('ws://127.0.0.1:8900');
    expect(deriveWsUrl('https://api.devnet.solana.com')).toBe('wss://api.devnet.solana.com');
    expect(deriveWsUrl('https://rpc.example.com/v1/key')).toBe('wss://rpc.example.com/v1/key');
  });
});

describe('testConfig', () => {
  it('is quiet, in memory, on a free port, with overrides applied', () => {
    expect(testConfig({ solUsdPrice: '99' })).toMatchObject({
      port: 0,
      logLevel: 'silent',
      dataDir: 'memory://',
      solUsdPrice: '99',
      jwtSecret: expect.stringMatching(/.{32,}/),
    });
  });
});
