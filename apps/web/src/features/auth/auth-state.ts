// The authentication state machine, as a pure reducer:
//
//   anonymous ─connect─▶ connecting ─wallet─▶ signing-in ─ok─▶ authenticated
//       │                    │                   └─no user / failure─▶ signup ⇄ signing-up ─ok─▶ authenticated
//       └─100 ms─▶ restoring ─valid token─▶ authenticated      (failure anywhere: back to anonymous)
//   authenticated ─sign out / auto-logout / wallet disconnected─▶ anonymous
import type { SessionUser } from '@duel-dojo/protocol';

export type AuthStatus = 'anonymous' | 'restoring' | 'connecting' | 'signing-in' | 'signup' | 'signing-up' | 'authenticated';

export interface AuthState {
  readonly status: AuthStatus;
  readonly user: SessionUser | null;
  readonly token: string | null;
  /** The wallet being signed in with, or the session's wallet once authenticated. */
  readonly walletAddress: string | null;
  readonly walletName: string | null;
  /** The signup modal's banner. */
  readonly signupError: string | null;
  /** A failure outside the modal (the wallet refused to connect). */
  readonly error: string | null;
}

export type AuthEvent =
  | { type: 'restore-started' }
  | { type: 'restore-failed' }
  | { type: 'connect-started'; walletName: string }
  | { type: 'wallet-connected'; walletName: string; walletAddress: string }
  | { type: 'signup-needed'; error: string | null }
  | { type: 'signup-submitted' }
  | { type: 'signup-failed'; error: string }
  | { type: 'authenticated'; user: SessionUser; token: string; walletName: string | null }
  | { type: 'failed'; error: string }
  | { type: 'wallet-error'; error: string }
  | { type: 'error-dismissed' }
  | { type: 'signed-out' };

export const INITIAL_AUTH_STATE: AuthState = {
  status: 'anonymous',
  user: null,
  token: null,
  walletAddress: null,
  walletName: null,
  signupError: null,
  error: null,
};

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'restore-started':
      return { ...INITIAL_AUTH_STATE, status: 'restoring' };
    case 'restore-failed':
      return INITIAL_AUTH_STATE;
    case 'connect-started':
      return { ...INITIAL_AUTH_STATE, status: 'connecting', walletName: event.walletName };
    case 'wallet-connected':
      return { ...state, status: 'signing-in', walletName: event.walletName, walletAddress: event.walletAddress, error: null };
    case 'signup-needed':
      return { ...state, status: 'signup', signupError: event.error };
    case 'signup-submitted':
      return state.status === 'signup' ? { ...state, status: 'signing-up', signupError: null } : state;
    case 'signup-failed':
      return { ...state, status: 'signup', signupError: event.error };
    case 'authenticated':
      return {
        status: 'authenticated',
        user: event.user,
        token: event.token,
        walletAddress: event.user.walletAddress,
        walletName: event.walletName,
        signupError: null,
        error: null,
      };
    case 'failed':
      return { ...INITIAL_AUTH_STATE, error: event.error };
    case 'wallet-error':
      return { ...state, error: event.error };
    case 'error-dismissed':
      return { ...state, error: null };
    case 'signed-out':
      return INITIAL_AUTH_STATE;
  }
}

/** The signup modal is open while the player completes a profile or it is being submitted. */
export function isSignupOpen(state: AuthState): boolean {
  return state.status === 'signup' || state.status === 'signing-up';
}

/** A connection or sign-in is running: Login must not start another (concurrent-auth guard). */
export function isAuthBusy(state: AuthState): boolean {
  return state.status === 'restoring' || state.status === 'connecting' || state.status === 'signing-in' || state.status === 'signing-up';
}
