import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../net/http';
import { cardAction, joinBlock, joinErrorText } from './join-rules';

const open = { isRegistered: false, currentParticipants: 3, maxParticipants: 4 as const };
const signedIn = { walletConnected: true, signedIn: true };

describe('joinBlock', () => {
  it('needs a wallet, then a login token, then a free seat the player does not hold', () => {
    expect(joinBlock(open, { walletConnected: false, signedIn: false })).toBe('Please connect your wallet to join tournaments');
    expect(joinBlock(open, { walletConnected: true, signedIn: false })).toBe('You need to be logged in to join tournaments. Please connect your wallet and authenticate.');
    expect(joinBlock({ ...open, isRegistered: true }, signedIn)).toBe('You are already registered for this tournament!');
    expect(joinBlock({ ...open, currentParticipants: 4 }, signedIn)).toBe('This tournament is full!');
    expect(joinBlock(open, signedIn)).toBeNull();
  });
});

describe('joinErrorText', () => {
  const refused = (message: string | undefined, status = 409) => new ApiError(message ?? 'Request failed', { status, reachedServer: true, serverMessage: message });
  it('matches the server text, or says what failed', () => {
    expect(joinErrorText(new ApiError('Failed to fetch', { status: 0, reachedServer: false }))).toBe(ERROR_MESSAGES.TOURNAMENT_NETWORK_ERROR);
    expect(joinErrorText(refused('You are already registered for this tournament.'))).toBe('You are already registered for this tournament.');
    expect(joinErrorText(refused('This tournament is full.'))).toBe('This tournament is full.');
    expect(joinErrorText(refused('Registration for this tournament is closed.'))).toBe('Registration for this tournament is closed.');
    expect(joinErrorText(refused('User not found', 401))).toBe('Authentication error: Please reconnect your wallet and try again.');
    expect(joinErrorText(refused('You do not own this character', 403))).toBe('You do not own this character');
    expect(joinErrorText(refused(undefined, 500))).toBe('Failed to join tournament. Please try again.');
    expect(joinErrorText(refused(undefined, 500), 'Failed to join tournament')).toBe('Failed to join tournament');
  });
});

describe('cardAction', () => {
  it('offers Join, or Registered / Full in its place; nothing once completed', () => {
    expect(cardAction({ ...open, status: 'upcoming' })).toBe('join');
    expect(cardAction({ ...open, status: 'upcoming', isRegistered: true })).toBe('registered');
    expect(cardAction({ ...open, status: 'upcoming', currentParticipants: 4 })).toBe('full');
    expect(cardAction({ ...open, status: 'active' })).toBe('closed');
    expect(cardAction({ ...open, status: 'active', isRegistered: true })).toBe('registered');
    expect(cardAction({ ...open, status: 'completed', isRegistered: true })).toBe('none');
  });
});
