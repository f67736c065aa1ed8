// Several nodes started at once on one database and a new local chain: each finds the treasury
// unfunded, and only one may ask for the airdrop, or the chain holds lamports the ledger never
// booked (docs/security.md 27).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support';
import { type TestChain, startTestChain } from '../../test-support/chain';
import { type MoneyHarness, expectBalanced, startMoneyServer } from '../../test-support/money';
import type { Database } from '../../test-support/game-server';

const SOL = 1_000_000_000n;

// Only a server database can be shared by processes starting together.
describe.each(testDatabases().filter((target) => target.kind === 'postgres'))('the treasury airdrop on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  const nodes: MoneyHarness[] = [];

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await database?.close();
    await chain?.stop();
  });

  it('three nodes starting at once fund a new treasury once, booked once', async () => {
    nodes.push(...(await Promise.all([1, 2, 3].map((n) => startMoneyServer(database, chain, { compose: { nodeId: `funding-${n}` } })))));
    const [first] = nodes as [MoneyHarness];
    await expectBalanced(first.ledger);
    const books = await first.ledger.summary();
    expect(books.byKind).toMatchObject({ top_up: 1_000n * SOL });
    expect(await chain.balance(chain.treasury.address)).toBe(1_000n * SOL);
  });
});
