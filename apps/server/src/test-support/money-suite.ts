// A money test suite's lifetime in one call: a local chain, a test database and the money
// server on them before the suite, all three stopped after it, and the books checked against
// the chain after every test (docs/security.md 27).
//
//   let chain: TestChain, database: Database, harness: MoneyHarness;
//   useMoneySuite(target, (suite) => ({ chain, database, harness } = suite));
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ComposeOptions, MoneyOptions } from '../compose';
import type { Database } from './game-server';
import { type TestChain, startTestChain } from './chain';
import { type MoneyHarness, expectBalanced, startMoneyServer } from './money';
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
