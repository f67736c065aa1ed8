// Serves the web app's build (apps/web/dist) beside the API: files as they are, in the brotli or
// gzip copy the build made (apps/web/scripts/precompress.mjs) when the browser accepts it, and
// index.html for the page addresses of protocol's WEB_ROUTES (200) and any other (404: the app
// shows its not-found page). A shared profile or finished game gets its own card (page-head.ts).
// Unknown /api and /socket.io addresses, and anything but GET/HEAD, get the API's 404 JSON.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type WebRouteMatch, matchWebRoute } from '@duel-dojo/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { refusalAnswer } from './error-handler';
import { PageCardCache } from './page-card-cache';
import { type PageCard, gameCard, profileCard, renderHead } from './page-head';
import type { PageFacts } from './page-facts';

/** Addresses that belong to the server, never to the web app's router. */
const SERVER_PREFIXES = ['/api', '/socket.io'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a shared page's card is reused: a renamed player shows within this. */
const CARD_TTL_MS = 30_000;
const CARD_CACHE_ENTRIES = 2_000;
/** A page that exists but has no card of its own (a game still running). */
const NO_CARD = 'no-card';

export interface WebAppOptions {
  /** The canonical origin (PUBLIC_ORIGIN's first): the cards' og:url. */
  readonly publicOrigin: string;
  /** Profiles and games for the shared pages' cards; absent, every page keeps the default card. */
  readonly pageFacts?: PageFacts;
  readonly cardTtlMs?: number;
}

export function hasWebBuild(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

/** Registers the static files and the not-found handler. */
export function registerWebApp(app: FastifyInstance, webDist: string, options: WebAppOptions): void {
  const assets = join(webDist, 'assets');
  // Registered whether or not the build is there yet: `npm start` builds the web app while the
  // server starts (scripts/start.mjs), and pages are served from the moment index.html exists.
  app.register(fastifyStatic, {
    root: webDist,
    suppressWarning: true,
    preCompressed: true,
    // Vite's hashed assets never change under the same name; anything else (index.html,
    // robots.txt, the favicon) is re-checked on each visit so a deploy shows at once.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(`${assets}/`) ? IMMUTABLE : 'no-cache');
    },
  });
  const cards = new SharedPageCards(webDist, options);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(request) || !hasWebBuild(webDist)) {
      const { status, answer } = refusalAnswer(new AppError('NOT_FOUND'));
      return reply.status(status).send(answer);
    }
    const route = matchWebRoute(pathOf(request));
    if (!route) return sendIndex(reply, 404);
    const shared = await cards.answer(request, route);
    if (shared === 'default') return sendIndex(reply, 200);
    if (shared === 'not-found') return sendIndex(reply, 404);
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shared);
  });
}

/** index.html as built (in the encoding the browser takes), never cached stale. */
function sendIndex(reply: FastifyReply, status: number) {
  return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
}

/** The pages players share: their index.html with the page's own card, cached briefly. */
class SharedPageCards {
  private readonly cache: PageCardCache<PageCard | typeof NO_CARD>;
  private index: { readonly mtimeMs: number; readonly html: string } | null = null;

  constructor(
    private readonly webDist: string,
    private readonly options: WebAppOptions,
  ) {
    this.cache = new PageCardCache(options.cardTtlMs ?? CARD_TTL_MS, CARD_CACHE_ENTRIES);
  }

  /** The page's HTML with its card; 'default' for a page with the site's card; 'not-found' for nobody. */
  async answer(request: FastifyRequest, route: WebRouteMatch): Promise<string | 'default' | 'not-found'> {
    const facts = this.options.pageFacts;
    if (!facts || (route.name !== 'profile' && route.name !== 'watch')) return 'default';
    const id = (route.name === 'profile' ? route.params.playerId : route.params.sessionId) ?? '';
    const url = `${this.options.publicOrigin}${route.name === 'profile' ? '/profile/' : '/watch/'}${encodeURIComponent(id)}`;
    try {
      const page = await this.cache.get(`${route.name}:${id}`, async () => {
        if (route.name === 'profile') {
          const profile = await facts.profile(id);
          return profile && profileCard(profile, url);
        }
        const game = await facts.game(id);
        // A running game's page keeps the site's card until the game is over.
        return game && (gameCard(game, url) ?? NO_CARD);
      });
      if (page.found === null) return 'not-found';
      return page.found === NO_CARD ? 'default' : this.render(page.found);
    } catch (error) {
      // The card is a nicety: the page itself still opens when the database does not answer.
      request.log.warn({ err: error }, 'shared page card failed');
      return 'default';
    }
  }

  private render(card: PageCard): string {
    const path = join(this.webDist, 'index.html');
    const mtimeMs = statSync(path).mtimeMs;
    if (this.index?.mtimeMs !== mtimeMs) this.index = { mtimeMs, html: readFileSync(path, 'utf8') };
    return renderHead(this.index.html, card);
  }
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  return !SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
