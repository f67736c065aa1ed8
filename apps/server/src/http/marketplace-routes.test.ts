// GET /api/marketplace over real HTTP: the sold counts the grid needs for SOLD OUT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/connect';
import { marketplaceSupply } from '../adapters/db/schema';
import { composeModules } from '../compose';
import { type TestServer, getJson, startTestServer, testConfig, testDatabases } from '../test-support';

describe.each(testDatabases())('marketplace supply on $kind', (target) => {
  let database: Database;
  let server: TestServer;
  beforeAll(async () => {
    database = await target.open();
    const modules = await composeModules(testConfig(), database);
    server = await startTestServer(database, { routes: modules.routes });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('lists every marketplace character with its sold count and maximum supply', async () => {
    await database.db.insert(marketplaceSupply).values([
      { characterId: 10, purchased: 100 },
      { characterId: 12, purchased: 3 },
    ]);
    const answer = await getJson<{ success: boolean; items: { characterId: number; purchased: number; maxSupply: number }[] }>(`${server.url}/api/marketplace`);
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((i) => i.characterId)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(answer.body.items[0]).toEqual({ characterId: 10, purchased: 100, maxSupply: 100 });
    expect(answer.body.items[1]).toEqual({ characterId: 11, purchased: 0, maxSupply: 200 });
    expect(answer.body.items[2]).toEqual({ characterId: 12, purchased: 3, maxSupply: 1000 });
  });
});
