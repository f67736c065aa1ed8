// Every failure of the HTTP API is answered as {success: false, message[, code]} with a fitting
// status, and never with a stack trace or an internal message: a bad request names the field, a
// refusal (AppError, a chain that does not answer in time included) is answered with its shown
// text and the status of its code (error-status.ts, the one table), anything unexpected is
// logged and becomes 500. Fastify's own refusals keep the status Fastify gave them.
import { ERROR_MESSAGES, type ErrorCode, describeValidationError } from '@duel-dojo/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { AppError } from '../errors';
import { httpStatus } from './error-status';
import '../validation-messages';

export interface ErrorAnswer {
  success: false;
  message: string;
  code?: string;
}

/** Fastify's own 4xx refusals, in words a client can show. */
const FASTIFY_ERRORS: Readonly<Record<string, { message: string; code: ErrorCode }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'Malformed JSON body', code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'Malformed JSON body', code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Unsupported content type', code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Invalid content length', code: 'VALIDATION_FAILED' },
};

export function errorAnswer(message: string, code?: string): ErrorAnswer {
  return code === undefined ? { success: false, message } : { success: false, message, code };
}

/** A refusal as the HTTP API answers it: the status of its code, its shown text and the code. */
export function refusalAnswer(error: AppError): { status: number; answer: ErrorAnswer } {
  return { status: httpStatus(error), answer: errorAnswer(error.shown, error.code) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, answer } = classify(error);
    if (status >= 500 && status !== 503) request.log.error({ err: error }, 'request failed');
    else if (status === 503) request.log.warn({ err: error.message }, 'the chain did not answer');
    return reply.status(status).send(answer);
  });
}

function classify(error: FastifyError): { status: number; answer: ErrorAnswer } {
  if (error instanceof AppError) return refusalAnswer(error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Rebuilt as a ZodError so the protocol's one formatter names the field ("walletAddress:
    // Invalid wallet address") and passes the product's own texts through unchanged.
    const issues = error.validation.map((issue) => ({
      code: 'custom' as const,
      path: issue.instancePath.split('/').slice(1),
      message: issue.message ?? 'Invalid value',
      input: undefined,
    }));
    return refusalAnswer(new AppError('VALIDATION_FAILED', {}, { shown: describeValidationError(new z.core.$ZodError(issues)) }));
  }
  const known = FASTIFY_ERRORS[error.code];
  if (known) return { status: error.statusCode ?? 400, answer: errorAnswer(known.message, known.code) };
  // A JSON-schema validation error or another 4xx Fastify raised: its message is about the request.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, answer: errorAnswer(error.validation ? `${error.validationContext ?? 'request'}: ${error.message}` : error.message) };
  }
  return refusalAnswer(new AppError('INTERNAL'));
}
