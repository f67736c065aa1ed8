import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  describeValidationError,
  errorBody,
  errorBodyFor,
  errorMessage,
  tournamentJoinErrorText,
} from './errors';

describe('error catalogue', () => {
  it('holds the product texts word for word', () => {
    expect(ERROR_MESSAGES.AUTH_MESSAGE_FAILED).toBe('Failed to generate authentication message');
    expect(ERROR_MESSAGES.SIGNUP_FAILED).toBe('Sign up failed');
    expect(ERROR_MESSAGES.INVALID_REFERRAL_CODE).toBe('Invalid referral code');
    expect(ERROR_MESSAGES.REFERRAL_CHECK_FAILED).toBe('Failed to validate referral code');
    expect(ERROR_MESSAGES.AUTH_FAILED).toBe('Failed to complete authentication');
    expect(ERROR_MESSAGES.CLAIM_CONNECTION_ERROR).toBe('Connection error. Please try again.');
    expect(ERROR_MESSAGES.CLAIM_ERROR).toBe('Error claiming reward. Please try again.');
    expect(ERROR_MESSAGES.NO_ACTIVE_GAME).toBe('No active game session found');
    expect(ERROR_MESSAGES.WALLET_NOT_CONNECTED).toBe('Wallet not connected');
    expect(ERROR_MESSAGES.ADD_BOT_FAILED).toBe('Failed to add bot to game');
    expect(ERROR_MESSAGES.CONNECTION_NOT_READY).toBe('Wallet or connection not ready!');
    expect(ERROR_MESSAGES.VERIFICATION_MAY_HAVE_SUCCEEDED).toBe('The transaction may have succeeded, but verification timed out.');
    expect(ERROR_MESSAGES.TOURNAMENT_NETWORK_ERROR).toBe(
      'Network error: Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(ERROR_MESSAGES.TOURNAMENT_NOT_FOUND).toBe('Tournament Not Found');
    expect(ERROR_MESSAGES.USERNAME_TAKEN).toBe('Username is already taken');
    expect(ERROR_MESSAGES.USERNAME_TOO_SHORT).toBe('Username must be at least 3 characters long');
  });

  it('keeps "not found" in the retryable payment message (the client matches it)', () => {
    expect(ERROR_MESSAGES.PAYMENT_NOT_FOUND).toContain('not found');
  });

  it('has one code per text and every code in ERROR_CODES', () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_MESSAGES));
    expect(new Set(Object.values(ERROR_MESSAGES)).size).toBe(ERROR_CODES.length);
  });
});

describe('errorMessage', () => {
  it('fills placeholders', () => {
    expect(errorMessage('AUTH_SIGN_FAILED', { reason: 'User rejected' })).toBe('Failed to sign message: User rejected');
    expect(errorMessage('LEADERBOARD_ERROR', { message: 'offline' })).toBe('Error loading leaderboard: offline');
    expect(errorMessage('JOIN_GAME_FAILED', { message: 'x' })).toBe('Failed to join game: x');
    expect(errorMessage('NO_ACTIVE_GAME')).toBe('No active game session found');
  });

  it('asks for exactly the placeholders of the text', () => {
    expectTypeOf(errorMessage<'PURCHASE_FAILED'>).parameter(1).toEqualTypeOf<{ message: string }>();
    // @ts-expect-error a text without placeholders takes no parameters
    errorMessage('SOLD_OUT', { message: 'x' });
    // @ts-expect-error a text with a placeholder needs it
    errorMessage('PURCHASE_FAILED');
  });
});

describe('errorBody', () => {
  it('is {success: false, message, code?}', () => {
    expect(errorBody.parse({ success: false, message: 'x' })).toEqual({ success: false, message: 'x' });
    expect(errorBodyFor('USERNAME_TAKEN')).toEqual({ success: false, code: 'USERNAME_TAKEN', message: 'Username is already taken' });
    expect(errorBody.safeParse(errorBodyFor('PURCHASE_FAILED', { message: 'boom' })).success).toBe(true);
    expect(errorBody.safeParse({ success: true, message: 'x' }).success).toBe(false);
    expect(errorBody.safeParse({ success: false, message: 'x', code: 'NOPE' }).success).toBe(false);
    expect(errorBody.safeParse({ success: false, message: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('describeValidationError', () => {
  const schema = z.object({ walletAddress: z.string().check(z.minLength(3, { error: 'Invalid wallet address' })), username: z.string() });

  it('names the field for our own messages and keeps catalogue texts bare', () => {
    const error = schema.safeParse({ walletAddress: 'x', username: 'ok' }).error;
    expect(error && describeValidationError(error)).toBe('walletAddress: Invalid wallet address');
    const custom = z.object({ page: z.object({ limit: z.number().check(z.lte(2, { error: 'Too big' })) }) }).safeParse({ page: { limit: 3 } }).error;
    expect(custom && describeValidationError(custom)).toBe('page.limit: Too big');
    const spec = z.object({ username: z.string().check(z.minLength(3, { error: 'Username must be at least 3 characters long' })) }).safeParse({ username: 'a' }).error;
    expect(spec && describeValidationError(spec)).toBe('Username must be at least 3 characters long');
  });
});

describe('tournamentJoinErrorText', () => {
  it('maps server texts to the texts the player reads', () => {
    expect(tournamentJoinErrorText(undefined, false)).toBe(ERROR_MESSAGES.TOURNAMENT_NETWORK_ERROR);
    expect(tournamentJoinErrorText('You are already registered for this tournament.')).toBe('You are already registered for this tournament.');
    expect(tournamentJoinErrorText('Tournament is full')).toBe('This tournament is full.');
    expect(tournamentJoinErrorText('registration closed')).toBe('Registration for this tournament is closed.');
    expect(tournamentJoinErrorText('User not found')).toBe('Authentication error: Please reconnect your wallet and try again.');
    expect(tournamentJoinErrorText('Something else')).toBe('Something else');
    expect(tournamentJoinErrorText(null)).toBe('Failed to join tournament. Please try again.');
  });
});
