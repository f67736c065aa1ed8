// Serves the web app's build (apps/web/dist) beside the API: files as they are, and index.html
// for any other page address so the React router can take it (/profile/…, /tournaments/…).
// Unknown /api and /socket.io addresses, and anything but GET/HEAD, get the API's 404 JSON.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND, errorAnswer } from './error-handler';

/** Addresses that belong to the server, never to the web app's router. */
const SERVER_PREFIXES = ['/api', '/socket.io'];

export function hasWebBuild(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

/** Registers the static files (when the build exists) and the not-found handler. */
export function registerWebApp(app: FastifyInstance, webDist: string): void {
  const serveWeb = hasWebBuild(webDist);
  if (serveWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      // index.html must be re-checked on each visit so a deploy shows at once; Vite's hashed
      // assets never change under the same name.
      setHeaders: (reply, path) => {
        const immutable = path.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (serveWeb && isPageRequest(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorAnswer(NOT_FOUND, 'NOT_FOUND'));
  });
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  return !SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
