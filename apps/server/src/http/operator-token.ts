// Routes for the operator only (the ledger summary's business totals): `Authorization: Bearer
// <OPERATOR_TOKEN>`. Without OPERATOR_TOKEN configured nobody is the operator and the route
// answers 403; a missing or wrong token answers 401. The token is compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { bearerToken } from './bearer';

export const OPERATOR_NOT_CONFIGURED = 'This route is for the operator, and no OPERATOR_TOKEN is configured on this server';
export const OPERATOR_TOKEN_REQUIRED = 'A valid operator token is required (Authorization: Bearer <OPERATOR_TOKEN>)';

/** Equal digests of equal length: the time taken says nothing about the token, not even its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** An onRequest hook letting through only requests that carry the operator token. */
export function requireOperator(operatorToken: string | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (operatorToken === null) throw new AppError('FORBIDDEN', {}, { shown: OPERATOR_NOT_CONFIGURED });
    const token = bearerToken(request);
    if (token === null || !sameSecret(token, operatorToken)) {
      void reply.header('www-authenticate', 'Bearer realm="operator"');
      throw new AppError('UNAUTHORIZED', {}, { shown: OPERATOR_TOKEN_REQUIRED });
    }
  };
}
