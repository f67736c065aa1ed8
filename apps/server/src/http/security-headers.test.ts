import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../test-support';
import { contentSecurityPolicy } from './security-headers';

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined);
  });
  afterAll(() => server?.stop());

  it('are on every answer, errors included', async () => {
    for (const path of ['/api/health', '/api/nothing-here']) {
      const { headers } = await fetch(`${server.url}${path}`);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('strict-transport-security')).toMatch(/max-age=/);
      expect(headers.get('x-powered-by')).toBeNull();
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Every listed origin (testConfig's default list) over http and ws, then the RPC.
      expect(csp).toContain(
        "connect-src 'self' http://localhost:3000 ws://localhost:3000 http://127.0.0.1:3000 ws://127.0.0.1:3000 http://localhost:5173 ws://localhost:5173 http://127.0.0.1:5173 ws://127.0.0.1:5173 http://127.0.0.1:8899 ws://127.0.0.1:8900",
      );
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the app reach its own origin over wss and the configured RPC, and upgrades on https', () => {
    const { directives } = contentSecurityPolicy({
      publicOrigins: ['https://duel.example.com', 'https://www.duel.example.com'],
      rpcUrl: 'https://rpc.example.com/key',
      wsUrl: 'wss://rpc.example.com/key',
    });
    expect(directives.connectSrc).toEqual([
      "'self'",
      'https://duel.example.com',
      'wss://duel.example.com',
      'https://www.duel.example.com',
      'wss://www.duel.example.com',
      'https://rpc.example.com',
      'wss://rpc.example.com',
    ]);
    expect(directives).toHaveProperty('upgradeInsecureRequests', []);
    expect(directives.scriptSrc).toEqual(["'self'"]);
  });

  it('does not upgrade requests when a listed origin is served over http', () => {
    const { directives } = contentSecurityPolicy({
      publicOrigins: ['https://duel.example.com', 'http://localhost:3000'],
      rpcUrl: 'https://rpc.example.com',
      wsUrl: 'wss://rpc.example.com',
    });
    expect(directives).not.toHaveProperty('upgradeInsecureRequests');
  });
});
