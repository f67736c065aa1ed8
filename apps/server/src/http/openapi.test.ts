import { generateMessageBody } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/connect';
import { type Modules, composeModules } from '../compose';
import { type TestServer, startTestServer, testConfig, testDatabases } from '../test-support';
import type { RoutePlugin } from './route-plugin';

const moduleRoutes: RoutePlugin = async (app) => {
  app.post(
    '/api/test/generate-message',
    { schema: { body: generateMessageBody } },
    async () => ({ success: true as const, message: 'm', nonce: 'n' }),
  );
};

interface JsonContent {
  content: Record<string, { schema: { properties: Record<string, unknown> } }>;
}

interface Operation {
  requestBody?: JsonContent;
  parameters?: { name: string; in: string }[];
  security?: Record<string, unknown>[];
  responses?: Record<string, Partial<JsonContent>>;
}

interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

describe('OpenAPI', () => {
  let server: TestServer;
  let database: Database;
  let modules: Modules;
  beforeAll(async () => {
    // The document of the real composition: every module's routes, on an in-memory database.
    const [embedded] = testDatabases({});
    if (!embedded) throw new Error('no test database');
    database = await embedded.open();
    modules = await composeModules(testConfig(), database);
    server = await startTestServer(database, { routes: [moduleRoutes, ...modules.routes] });
  });
  afterAll(async () => {
    await server?.stop();
    await modules?.stop();
    await database?.close();
  });

  it('serves the document at /api/docs/json with every route, built from the zod schemas', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    // PUBLIC_ORIGIN's canonical (first) origin; testConfig's default list starts with localhost.
    expect(document.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config', '/api/test/generate-message']));
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    const body = document.paths['/api/test/generate-message']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.properties).toHaveProperty('walletAddress');
  });

  it("documents a wallet's money page: bearer only, paged by cursor, its answer and refusals", async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as OpenApiDocument;
    const operation = document.paths['/api/user/{wallet}/money']?.get;
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(operation?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual(['path:wallet', 'query:cursor', 'query:limit']);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403']);
    expect(Object.keys(operation?.responses?.['200']?.content?.['application/json']?.schema.properties ?? {}).sort()).toEqual(['movements', 'nextCursor', 'success', 'totals', 'walletAddress']);
  });

  it('serves the UI at /api/docs', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('swagger');
  });
});
