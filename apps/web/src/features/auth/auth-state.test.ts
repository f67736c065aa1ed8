import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@duel-dojo/protocol';
import { type AuthEvent, INITIAL_AUTH_STATE, authReducer, isAuthBusy, isSignupOpen } from './auth-state';

const user = { walletAddress: 'W1', username: 'kenji' } as SessionUser;
const run = (...events: AuthEvent[]) => events.reduce(authReducer, INITIAL_AUTH_STATE);

describe('the authentication state machine', () => {
  it('goes anonymous -> connecting -> signing-in -> authenticated for a known player', () => {
    const state = run(
      { type: 'connect-started', walletName: 'Dev Wallet' },
      { type: 'wallet-connected', walletName: 'Dev Wallet', walletAddress: 'W1' },
      { type: 'authenticated', user, token: 't', walletName: 'Dev Wallet' },
    );
    expect(state).toMatchObject({ status: 'authenticated', user, token: 't', walletAddress: 'W1', walletName: 'Dev Wallet' });
  });

  it('opens the signup modal for a new player and keeps it open while submitting or failing', () => {
    const opened = run({ type: 'connect-started', walletName: 'X' }, { type: 'wallet-connected', walletName: 'X', walletAddress: 'W1' }, { type: 'signup-needed', error: null });
    expect(isSignupOpen(opened)).toBe(true);
    const submitting = authReducer(opened, { type: 'signup-submitted' });
    expect(submitting.status).toBe('signing-up');
    expect(isAuthBusy(submitting)).toBe(true);
    const failed = authReducer(submitting, { type: 'signup-failed', error: 'Invalid referral code' });
    expect(failed).toMatchObject({ status: 'signup', signupError: 'Invalid referral code', walletAddress: 'W1' });
    expect(authReducer(failed, { type: 'signup-submitted' }).signupError).toBeNull();
  });

  it('ignores a submit when the modal is not open', () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: 'signup-submitted' })).toBe(INITIAL_AUTH_STATE);
  });

  it('restores a session, or falls back to anonymous without an error', () => {
    expect(run({ type: 'restore-started' }).status).toBe('restoring');
    expect(run({ type: 'restore-started' }, { type: 'restore-failed' })).toEqual(INITIAL_AUTH_STATE);
  });

  it('a failed connection is anonymous with an error that can be dismissed', () => {
    const failed = run({ type: 'connect-started', walletName: 'X' }, { type: 'failed', error: 'User rejected the request' });
    expect(failed).toMatchObject({ status: 'anonymous', error: 'User rejected the request' });
    expect(authReducer(failed, { type: 'error-dismissed' }).error).toBeNull();
  });

  it('signing out from anywhere clears the session', () => {
    const signedIn = run({ type: 'authenticated', user, token: 't', walletName: 'X' });
    expect(authReducer(signedIn, { type: 'signed-out' })).toEqual(INITIAL_AUTH_STATE);
  });

  it('a wallet error after sign-in keeps the session', () => {
    const signedIn = run({ type: 'authenticated', user, token: 't', walletName: 'X' });
    expect(authReducer(signedIn, { type: 'wallet-error', error: 'nope' })).toMatchObject({ status: 'authenticated', error: 'nope' });
  });
});
