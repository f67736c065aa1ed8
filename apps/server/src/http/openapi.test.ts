import { generateMessageAnswer, generateMessageBody } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../test-support';
import type { RoutePlugin } from './route-plugin';

const moduleRoutes: RoutePlugin = async (app) => {
  app.post(
    '/api/test/generate-message',
    { schema: { body: generateMessageBody, response: { 200: generateMessageAnswer } } },
    async () => ({ success: true as const, message: 'm', nonce: 'n' }),
  );
};

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
}

describe('OpenAPI', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { routes: [moduleRoutes] });
  });
  afterAll(() => server?.stop());

  it('serves the document at /api/docs/json with every route, built from the zod schemas', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config', '/api/test/generate-message']));
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    const body = document.paths['/api/test/generate-message']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.properties).toHaveProperty('walletAddress');
  });

  it('serves the UI at /api/docs', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('swagger');
  });
});
