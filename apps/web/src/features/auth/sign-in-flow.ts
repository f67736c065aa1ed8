// What happens after a wallet connects: signin for a known player, the signup modal for a new
// one, and the signup itself. It loads when a player opens the wallet modal, not with every page
// (bench/README.md "Web app"); the controller keeps the state and hands each flow a step.
import type { AuthAnswer } from '@duel-dojo/protocol';
import { normalizeReferralCode, validateUsername } from '@duel-dojo/rules';
import { ApiError } from '../../net/http';
import { AuthFailure, authMessage, describeAuthError, failure } from './auth-errors';
import type { AuthControllerDeps, SignupInput } from './auth-controller';
import type { AuthEvent } from './auth-state';
import { signedFields } from './signed-fields';

/** One flow of the controller: what it may do while no newer flow has started. */
export interface FlowStep {
  readonly deps: AuthControllerDeps;
  /** False once a newer flow (another connect, a cancel, a sign-out) has started. */
  current(): boolean;
  dispatch(event: AuthEvent): void;
  authenticated(answer: AuthAnswer, isNew: boolean): void;
}

/** The connected wallet's player: signed in with a signed message, or sent to the signup modal. */
export async function signInConnected(step: FlowStep, connected: { name: string; address: string }): Promise<void> {
  const { api, wallet } = step.deps;
  const exists = await api.userExists(connected.address);
  if (!step.current()) return;
  if (!exists) {
    step.dispatch({ type: 'signup-needed', error: null });
    return;
  }
  try {
    const fields = await signedFields(api, wallet, connected.address, connected.name);
    const answer = await api.signin(fields);
    if (step.current()) step.authenticated(answer, false);
  } catch (error) {
    // A failed quick sign-in opens the signup modal; the banner says why.
    if (step.current()) step.dispatch({ type: 'signup-needed', error: await describeAuthError(error) });
  }
}

/** The signup modal's submit, for the wallet the modal was opened for. */
export async function signUp(step: FlowStep, input: SignupInput, wallet: { name: string | null; address: string | null }): Promise<void> {
  const { api } = step.deps;
  try {
    const usernameError = validateUsername(input.username);
    if (usernameError) throw new AuthFailure(usernameError);
    if (!wallet.address || !wallet.name) throw await failure('AUTH_FAILED');
    const referralCode = normalizeReferralCode(input.referralCode);
    if (referralCode) await checkReferral(step.deps, referralCode);
    const fields = await signedFields(api, step.deps.wallet, wallet.address, wallet.name);
    let answer: AuthAnswer;
    try {
      answer = await api.signup({ ...fields, referralCode, username: input.username, source: 'organic' });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400) throw new AuthFailure(error.serverMessage ?? (await authMessage('SIGNUP_FAILED')));
      throw error;
    }
    if (step.current()) step.authenticated(answer, true);
  } catch (error) {
    if (step.current()) step.dispatch({ type: 'signup-failed', error: await describeAuthError(error) });
  }
}

/** What the controller calls once this module has loaded. */
export interface SignInFlow {
  signInConnected: typeof signInConnected;
  signUp: typeof signUp;
}

async function checkReferral(deps: AuthControllerDeps, code: string): Promise<void> {
  try {
    await deps.api.lookupReferral(code);
  } catch (error) {
    if (error instanceof ApiError && error.reachedServer) throw await failure('INVALID_REFERRAL_CODE');
    throw await failure('REFERRAL_CHECK_FAILED');
  }
}
