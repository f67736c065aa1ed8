import { ERROR_CODES } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { ChainUnavailable, PayoutPending } from '../modules/ledger';
import { HTTP_STATUS, httpStatus } from './error-status';

describe('the HTTP status of every error code', () => {
  it('gives every protocol code an error status, and names no other code', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const status = httpStatus(new AppError(code, { origin: 'x', reason: 'x', message: 'x', seconds: '1' }));
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('answers the statuses the API has always answered', () => {
    const cases = [
      ['VALIDATION_FAILED', 400],
      ['UNAUTHORIZED', 401],
      ['INVALID_TOKEN', 401],
      ['ENTRY_FEE_REQUIRED', 402],
      ['NOT_THE_WINNER', 403],
      ['TOURNAMENT_NOT_FOUND', 404],
      ['USERNAME_TAKEN', 409],
      ['PAYMENT_NOT_FOUND', 409],
      ['PAYLOAD_TOO_LARGE', 413],
      ['RATE_LIMITED', 429],
      ['INTERNAL', 500],
      ['CLAIM_FAILED', 502],
      ['PAYOUT_PENDING', 503],
      ['CHAIN_UNAVAILABLE', 503],
    ] as const;
    for (const [code, status] of cases) expect(httpStatus(new AppError(code)), code).toBe(status);
  });

  it('reads the context where one code answers two ways', () => {
    expect(httpStatus(new AppError('USER_NOT_FOUND'))).toBe(404);
    expect(httpStatus(new AppError('USER_NOT_FOUND', { because: 'INVALID_TOKEN' }))).toBe(401);
    expect(httpStatus(new AppError('INVALID_REFERRAL_CODE'))).toBe(400);
    expect(httpStatus(new AppError('INVALID_REFERRAL_CODE', { lookup: true }))).toBe(404);
    // A seat refused after its payment came in is a conflict, whatever the reason.
    expect(httpStatus(new AppError('TOURNAMENT_NOT_FOUND', { refunding: true }))).toBe(409);
    expect(httpStatus(new AppError('PAYMENT_EXPIRED'))).toBe(400);
    expect(httpStatus(new AppError('PAYMENT_EXPIRED', { refunding: true }))).toBe(409);
  });

  it("answers the ledger's and the chain's refusals by their codes", () => {
    expect(httpStatus(new PayoutPending('payout:1', null))).toBe(503);
    const down = new ChainUnavailable('getBalance: no answer within 5000 ms');
    expect(httpStatus(down)).toBe(503);
    // The detail stays in the log: the player is shown the catalogue's words.
    expect(down.shown).toBe('The Solana network is not answering right now. Please try again in a moment.');
    expect(down.message).toBe('getBalance: no answer within 5000 ms');
  });
});
