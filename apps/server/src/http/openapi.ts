// OpenAPI generated from the routes' zod schemas (the protocol package), served at /api/docs
// (the UI) and /api/docs/json (the document).
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { PublicOrigins } from '../config-origins';

export const DOCS_PREFIX = '/api/docs';

/** Register before any route: @fastify/swagger collects routes as they are added. */
/** `publicOrigins`: PUBLIC_ORIGIN's list; the document names the canonical (first) one. */
export function registerOpenApi(app: FastifyInstance, options: { publicOrigins: PublicOrigins; version: string }): void {
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Duel Dojo API',
        description: 'HTTP API of Duel Dojo. Amounts are lamports written as decimal strings.',
        version: options.version,
      },
      servers: [{ url: options.publicOrigins[0] }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          operator: { type: 'http', scheme: 'bearer', description: "The server's OPERATOR_TOKEN (operator-only routes)" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  const secure = options.publicOrigins.every((origin) => origin.startsWith('https:'));
  app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The UI's own policy (hashes of its inline bootstrap) replaces the app's on its pages.
    staticCSP: true,
    transformStaticCSP: (header) => (secure ? header : header.replace(/\s*upgrade-insecure-requests;?/, '')),
  });
}
