// A money test suite's lifetime in one call: a local chain, a test database and the money
// server on them before the suite, all three stopped after it, and the books checked against
// the chain after every test (docs/security.md 27).
//
//   let chain: TestChain, database: Database, harness: MoneyHarness;
//   useMoneySuite(target, (suite) => ({ chain, database, harness } = suite));
//
// With players signed up on it for the whole suite:
//
//   useMoneyPlayers(target, { alice: 'alice_claims', bob: 'bob_claims' }, (suite) => ({ chain, database, harness, players: { alice, bob } } = suite));
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ComposeOptions, MoneyOptions } from '../compose';
import type { Database } from './game-server';
import { type TestChain, startTestChain } from './chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer, startMoneyServer } from './money';
import type { TestDatabase } from './test-databases';

export interface MoneySuite {
  readonly chain: TestChain;
  readonly database: Database;
  readonly harness: MoneyHarness;
}

export function useMoneySuite(
  target: TestDatabase,
  opened: (suite: MoneySuite) => void,
  options: { money?: MoneyOptions; compose?: ComposeOptions; balancedAfterEach?: boolean } = {},
): void {
  let suite: Partial<MoneySuite> = {};
  beforeAll(async () => {
    const chain = await startTestChain();
    suite = { chain };
    const database = await target.open();
    suite = { chain, database };
    const harness = await startMoneyServer(database, chain, options);
    suite = { chain, database, harness };
    opened(suite as MoneySuite);
  });
  afterAll(async () => {
    await suite.harness?.stop();
    await suite.database?.close();
    await suite.chain?.stop();
  });
  if (options.balancedAfterEach ?? true) afterEach(async () => expectBalanced((suite as MoneySuite).harness.ledger));
}

export interface MoneyPlayersSuite<Name extends string> extends MoneySuite {
  readonly players: Readonly<Record<Name, MoneyPlayer>>;
}

/**
 * useMoneySuite, and before the suite a funded player signed up and connected for each of
 * `usernames` (in order, keyed as there), their sockets closed after the suite.
 */
export function useMoneyPlayers<Name extends string>(
  target: TestDatabase,
  usernames: Readonly<Record<Name, string>>,
  opened: (suite: MoneyPlayersSuite<Name>) => void,
  options: Parameters<typeof useMoneySuite>[2] = {},
): void {
  let suite: MoneySuite | undefined;
  const players: Partial<Record<Name, MoneyPlayer>> = {};
  useMoneySuite(target, (money) => (suite = money), options);
  beforeAll(async () => {
    if (!suite) throw new Error('the money suite did not open');
    for (const [key, username] of Object.entries(usernames) as [Name, string][]) players[key] = await moneyPlayer(suite.harness, suite.chain, username);
    opened({ ...suite, players: players as Record<Name, MoneyPlayer> });
  });
  afterAll(() => {
    for (const player of Object.values<MoneyPlayer | undefined>(players)) player?.client.close();
  });
}
