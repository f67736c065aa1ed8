import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function requireBearer(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED');
  return token;
}
