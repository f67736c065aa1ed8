// GET /api/ledger/summary answers only the operator (OPERATOR_TOKEN), on the real composition
// with the local chain: 401 without the token or with a wrong one, 403 when none is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN } from '../config';
import { type Database, type GameHarness, signUp, startGameServer } from '../test-support/game-server';
import { getJson, testDatabases } from '../test-support';
import { type TestChain, startTestChain } from '../test-support/chain';
import { FAST_MONEY, openTestChainAdapter } from '../test-support/money';
import { OPERATOR_NOT_CONFIGURED, OPERATOR_TOKEN_REQUIRED } from './operator-token';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the ledger summary is for the operator', () => {
  const [target] = testDatabases();
  let chain: TestChain;
  const opened: { database: Database; harness: GameHarness; close(): void }[] = [];

  async function start(operatorToken: string | null): Promise<string> {
    const database = await target!.open();
    const adapter = await openTestChainAdapter(chain);
    const harness = await startGameServer(database, { chain: adapter, money: FAST_MONEY, config: { operatorToken } });
    opened.push({ database, harness, close: () => adapter.close() });
    return harness.url;
  }

  let url: string;
  let unconfigured: string;
  beforeAll(async () => {
    chain = await startTestChain();
    url = await start(TEST_OPERATOR_TOKEN);
    unconfigured = await start(null);
  });
  afterAll(async () => {
    for (const { database, harness, close } of opened) {
      await harness.stop();
      close();
      await database.close();
    }
    await chain?.stop();
  });

  it('answers 401 without a token, naming the header it wants', async () => {
    const response = await fetch(`${url}/api/ledger/summary`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="operator"');
    expect(await response.json()).toEqual({ success: false, code: 'UNAUTHORIZED', message: OPERATOR_TOKEN_REQUIRED });
  });

  it('answers 401 to a wrong token: one character off, another length, a player’s own sign-in token', async () => {
    const oneOff = `${TEST_OPERATOR_TOKEN.slice(0, -1)}X`;
    const player = await signUp(url, 'curious_op');
    for (const token of [oneOff, `${TEST_OPERATOR_TOKEN}x`, 'short', player.token]) {
      const answer = await getJson(`${url}/api/ledger/summary`, bearer(token));
      expect(answer).toEqual({ status: 401, body: { success: false, code: 'UNAUTHORIZED', message: OPERATOR_TOKEN_REQUIRED } });
    }
    expect((await getJson(`${url}/api/ledger/summary`, { authorization: TEST_OPERATOR_TOKEN })).status).toBe(401);
  });

  it('answers 200 with the books to the operator token', async () => {
    const answer = await getJson(`${url}/api/ledger/summary`, bearer(TEST_OPERATOR_TOKEN));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, differenceLamports: '0', unsettled: 0, byKind: { top_up: '1000000000000' } });
  });

  it('answers 403 to everyone when no OPERATOR_TOKEN is configured', async () => {
    for (const headers of [{}, bearer(TEST_OPERATOR_TOKEN)]) {
      const answer = await getJson(`${unconfigured}/api/ledger/summary`, headers);
      expect(answer).toEqual({ status: 403, body: { success: false, code: 'FORBIDDEN', message: OPERATOR_NOT_CONFIGURED } });
    }
  });

  it('documents the operator token in OpenAPI', async () => {
    const docs = await getJson<{ paths: Record<string, { get?: { security?: unknown; responses?: Record<string, unknown> } }>; components: { securitySchemes: Record<string, unknown> } }>(
      `${url}/api/docs/json`,
    );
    const route = docs.body.paths['/api/ledger/summary']?.get;
    expect(route?.security).toEqual([{ operator: [] }]);
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(docs.body.components.securitySchemes).toHaveProperty('operator', expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });
});
