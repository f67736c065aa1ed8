import { ERROR_CODES } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { ChainUnavailable, PayoutPending, PayoutRefused } from '../modules/ledger';
import { SOCKET_DELIVERY, refusalOf } from './refusals';

describe('the socket answer of every error code', () => {
  it('gives every protocol code a delivery, and names no other code', () => {
    expect(Object.keys(SOCKET_DELIVERY).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(['answer', 'session', 'internal'], code).toContain(SOCKET_DELIVERY[code]);
  });

  it("shows a refusal's text and code, its context filled in", () => {
    expect(refusalOf(new AppError('SOLD_OUT'))).toEqual({ code: 'SOLD_OUT', message: 'This character is sold out' });
    expect(refusalOf(new AppError('OPPONENT_NOT_AWAY_LONG_ENOUGH', { seconds: '30' }))).toEqual({
      code: 'OPPONENT_NOT_AWAY_LONG_ENOUGH',
      message: 'Your opponent has been away for less than 30 seconds',
    });
    expect(refusalOf(new PayoutPending('payout:1', null))).toEqual({ code: 'PAYOUT_PENDING', message: 'The transfer is pending. Please try again in a moment.' });
  });

  it('closes the socket of a session refusal', () => {
    expect(SOCKET_DELIVERY.INVALID_TOKEN).toBe('session');
  });

  it('shows nothing of an unknown error, the chain or the ledger: the handler answers INTERNAL', () => {
    expect(refusalOf(new Error('connection string postgres://user:secret@db'))).toBeNull();
    expect(refusalOf(Object.assign(new Error('secret'), { code: 'SOLD_OUT', shown: 'secret' }))).toBeNull();
    expect(refusalOf(new ChainUnavailable('getBalance: no answer within 5000 ms'))).toBeNull();
    expect(refusalOf(new PayoutRefused('the game has no refund due'))).toBeNull();
  });
});
