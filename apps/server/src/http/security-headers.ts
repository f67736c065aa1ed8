// Security headers (helmet) with a content security policy that fits the web app exactly: a
// Vite build (scripts from our origin only, no inline script), our own API and Socket.IO, and
// the Solana RPC endpoints the wallet code calls. Anything else a page tries to load is refused.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

type CspConfig = Pick<Config, 'publicOrigins' | 'rpcUrl' | 'wsUrl'>;

/** The origins the browser may connect to (fetch, WebSocket). */
export function connectSources(config: CspConfig): string[] {
  // 'self' covers ws(s) to the page's own origin in current browsers; older ones need it spelled
  // out, for whichever listed origin the page was opened at.
  const own = config.publicOrigins.flatMap((origin) => {
    const url = new URL(origin);
    return [origin, `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  });
  return unique(["'self'", ...own, new URL(config.rpcUrl).origin, new URL(config.wsUrl).origin]);
}

export function contentSecurityPolicy(config: CspConfig) {
  // A page opened over http at a listed origin would have its own requests rewritten to https.
  const secure = config.publicOrigins.every((origin) => origin.startsWith('https:'));
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // React's style props and animation libraries write inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Wallet Standard wallets announce their icons as data: URIs.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: connectSources(config),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Only over HTTPS: on http://localhost it would rewrite the local RPC's http:// URL.
      ...(secure ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * helmet's headers on every answer, errors and static files included. Its middleware is built
 * once: @fastify/helmet built it again for every request, parsing the whole policy each time
 * (about a tenth of the API's CPU in a profile; bench/README.md "API latency").
 */
export function registerSecurityHeaders(app: FastifyInstance, config: CspConfig): void {
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Wallet extensions open popups that talk back to the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
