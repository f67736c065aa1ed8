// The server's one logger: pino, the one Fastify logs requests with, as JSON lines on standard
// output. Each module gets a child with its name (`module`), so every line says where it comes
// from; errors go in `err` so pino serializes their stack. Secrets never reach a line: the
// fields that could carry one are censored wherever they appear (docs/operations.md).
import { pino } from 'pino';
import type { Config } from './config';

export type AppLogger = pino.Logger;

/** Field paths that may hold a secret or a bearer token in a logged object. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.authorization',
  '*.token',
  '*.jwtSecret',
  '*.secretKey',
  '*.privateKey',
  '*.operatorToken',
];

/** `destination`: standard output unless a test reads the lines. */
export function createLogger(level: Config['logLevel'], destination?: pino.DestinationStream): AppLogger {
  const options = { level, redact: { paths: REDACTED, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** A module's `report(error, message)` hook, as an error line of its child logger. */
export function reporter(log: AppLogger): (error: unknown, message: string) => void {
  return (error, message) => log.error({ err: error }, message);
}
