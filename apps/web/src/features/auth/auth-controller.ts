// Authentication, driven by events from the UI and the wallet. Everything it touches
// comes in as a dependency (API, wallet, storage, clock), so tests run it against a real dev
// wallet and a scripted server without a browser.
import type { AuthAnswer, GenerateMessageAnswer, SignInInput, SigninBody, SignupBody, ValidateTokenAnswer } from '@duel-dojo/protocol';
import { reasonOf } from '../../net/reason-of';
import type { ConnectOptions, SignInOutput } from '../wallet/wallet-connection';
import { type AuthEvent, type AuthState, INITIAL_AUTH_STATE, authReducer, isAuthBusy } from './auth-state';
import type { AuthStorage } from './auth-storage';
import type { FlowStep, SignInFlow } from './sign-in-flow';

export interface AuthApi {
  userExists(walletAddress: string): Promise<boolean>;
  generateMessage(walletAddress: string): Promise<GenerateMessageAnswer>;
  signin(body: SigninBody): Promise<AuthAnswer>;
  signup(body: SignupBody): Promise<AuthAnswer>;
  validateToken(token: string): Promise<ValidateTokenAnswer>;
  logout(token: string): Promise<void>;
  lookupReferral(code: string): Promise<unknown>;
}

/** The wallet side: WalletConnection satisfies it. */
export interface AuthWallet {
  readonly current: { readonly name: string; readonly address: string; readonly wallet: { readonly features: object } } | null;
  connect(name: string, options?: ConnectOptions): Promise<{ name: string; address: string }>;
  disconnect(): Promise<void>;
  signMessage(message: Uint8Array): Promise<Uint8Array | null>;
  signIn(input: SignInInput): Promise<SignInOutput | null>;
  onExternalDisconnect(listener: () => void): () => void;
}

export interface AuthControllerDeps {
  readonly api: AuthApi;
  readonly wallet: AuthWallet;
  readonly storage: AuthStorage;
  /** A new player lands on /profile. */
  readonly onSignedUp?: () => void;
  /** How long auto-reconnect waits for the stored wallet to register itself. */
  readonly walletWaitMs?: number;
}

export interface SignupInput {
  readonly username: string;
  readonly referralCode: string;
}

/** The steps after a wallet connects, loaded apart from the page (./sign-in-flow.ts). */
const loadSignInFlow = (): Promise<SignInFlow> => import('./sign-in-flow');

/** Shown when that code could not be downloaded. */
const SIGN_IN_NOT_LOADED = 'The sign-in could not be loaded. Check your connection and try again.';

export class AuthController {
  #state: AuthState = INITIAL_AUTH_STATE;
  /** Bumped by every flow; a result from an older flow is dropped. */
  #flow = 0;
  readonly #deps: AuthControllerDeps;
  readonly #listeners = new Set<() => void>();

  /** A stored session waits for auto-reconnect: screens that need a wallet wait rather than redirect. */
  #restorePending: boolean;

  constructor(deps: AuthControllerDeps) {
    this.#deps = deps;
    deps.wallet.onExternalDisconnect(() => this.walletDisconnected());
    this.#restorePending = Boolean(deps.storage.token) && !deps.storage.manualLogout;
    if (this.#restorePending) this.#state = { ...INITIAL_AUTH_STATE, status: 'restoring' };
  }

  get state(): AuthState {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): AuthState => this.#state;

  #dispatch(event: AuthEvent): void {
    this.#state = authReducer(this.#state, event);
    for (const listener of this.#listeners) listener();
  }

  /** Login: clears the manual-logout flag; the wallet modal opens in the UI. */
  login(): void {
    this.#deps.storage.manualLogout = false;
    // The player picks a wallet next: the sign-in's code downloads meanwhile.
    loadSignInFlow().catch(() => undefined);
    if (this.#state.error) this.#dispatch({ type: 'error-dismissed' });
  }

  dismissError(): void {
    this.#dispatch({ type: 'error-dismissed' });
  }

  /** The player picked a wallet in the modal: connect, then sign in or open the signup modal. */
  async connect(walletName: string): Promise<void> {
    // Concurrent-authentication guard: one connection at a time.
    if (isAuthBusy(this.#state) && this.#state.status !== 'restoring') return;
    const flow = ++this.#flow;
    this.#deps.storage.manualLogout = false;
    this.#dispatch({ type: 'connect-started', walletName });
    let connected: { name: string; address: string };
    try {
      connected = await this.#deps.wallet.connect(walletName);
    } catch (error) {
      if (flow === this.#flow) this.#dispatch({ type: 'failed', error: reasonOf(error) });
      return;
    }
    if (flow !== this.#flow) return;
    this.#deps.storage.walletName = connected.name;
    this.#dispatch({ type: 'wallet-connected', walletName: connected.name, walletAddress: connected.address });
    const flows = await this.#flows(flow, { type: 'failed', error: SIGN_IN_NOT_LOADED });
    await flows?.signInConnected(this.#step(flow), connected);
  }

  /** The signup modal's submit. */
  async submitSignup(input: SignupInput): Promise<void> {
    if (this.#state.status !== 'signup') return;
    const wallet = { name: this.#state.walletName, address: this.#state.walletAddress };
    const flow = this.#flow;
    this.#dispatch({ type: 'signup-submitted' });
    const flows = await this.#flows(flow, { type: 'signup-failed', error: SIGN_IN_NOT_LOADED });
    await flows?.signUp(this.#step(flow), input, wallet);
  }

  /** Cancel or X: the modal closes with its fields cleared, and the unregistered wallet is let go. */
  async cancelSignup(): Promise<void> {
    ++this.#flow;
    this.#dispatch({ type: 'signed-out' });
    await this.#deps.wallet.disconnect();
  }

  /** Page load + 100 ms: restore the session from the stored token. */
  async autoReconnect(): Promise<void> {
    const { storage } = this.#deps;
    const pending = this.#restorePending;
    this.#restorePending = false;
    const idle = this.#state.status === 'anonymous' || (pending && this.#state.status === 'restoring');
    const token = storage.token;
    if (storage.manualLogout || !idle || !token) {
      if (pending && this.#state.status === 'restoring') this.#dispatch({ type: 'restore-failed' });
      return;
    }
    const flow = ++this.#flow;
    this.#dispatch({ type: 'restore-started' });
    try {
      const answer = await this.#deps.api.validateToken(token);
      if (flow !== this.#flow) return;
      const current = answer.token ?? token;
      storage.token = current;
      const walletName = await this.#reattachWallet(answer.user.walletAddress);
      if (flow !== this.#flow) return;
      this.#dispatch({ type: 'authenticated', user: answer.user, token: current, walletName });
    } catch {
      if (flow !== this.#flow) return;
      // A failed token validation clears the token silently.
      storage.token = null;
      this.#dispatch({ type: 'restore-failed' });
    }
  }

  /** A restored session whose wallet could not reconnect silently: connect it now, with a prompt. */
  async attachWallet(): Promise<void> {
    const sessionWallet = this.#state.user?.walletAddress;
    const name = this.#state.walletName ?? this.#deps.storage.walletName;
    if (!sessionWallet || !name) return;
    try {
      const connected = await this.#deps.wallet.connect(name);
      if (connected.address !== sessionWallet) {
        await this.#deps.wallet.disconnect();
        this.#dispatch({ type: 'wallet-error', error: `${name} holds another account than the one signed in. Switch accounts in the wallet and try again.` });
      }
    } catch (error) {
      this.#dispatch({ type: 'wallet-error', error: reasonOf(error) });
    }
  }

  /** Sign Out: server logout (failures ignored), local session cleared, flag set, wallet disconnected. */
  async signOut(): Promise<void> {
    const token = this.#state.token;
    this.#clearSession();
    this.#deps.storage.manualLogout = true;
    if (token) void this.#deps.api.logout(token).catch(() => undefined);
    await this.#deps.wallet.disconnect();
  }

  /** The auto-logout event: a local-only sign-out (no server call, no manual-logout flag). */
  async autoLogout(): Promise<void> {
    this.#clearSession();
    await this.#deps.wallet.disconnect();
  }

  /** The wallet dropped the account by itself: session, token and balance are cleared. */
  walletDisconnected(): void {
    if (this.#state.status === 'anonymous') return;
    this.#clearSession();
  }

  #clearSession(): void {
    ++this.#flow;
    this.#deps.storage.token = null;
    this.#dispatch({ type: 'signed-out' });
  }

  #authenticated(answer: AuthAnswer, isNew: boolean): void {
    const { storage } = this.#deps;
    storage.token = answer.token;
    storage.manualLogout = false;
    this.#dispatch({ type: 'authenticated', user: answer.user, token: answer.token, walletName: this.#state.walletName });
    if (isNew) this.#deps.onSignedUp?.();
  }

  /** Reconnects the stored wallet without a prompt; the session stands even when it cannot. */
  async #reattachWallet(sessionWallet: string): Promise<string | null> {
    const name = this.#deps.storage.walletName;
    if (!name) return null;
    try {
      const connected = await this.#deps.wallet.connect(name, { silent: true, waitMs: this.#deps.walletWaitMs ?? 3000 });
      if (connected.address === sessionWallet) return connected.name;
      await this.#deps.wallet.disconnect();
      throw new Error('The wallet holds another account than the session');
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('The wallet holds another account')) throw error;
      return null;
    }
  }

  /** The flow module, or null (with `failed` dispatched) when it could not be downloaded. */
  async #flows(flow: number, failed: AuthEvent): Promise<SignInFlow | null> {
    try {
      return await loadSignInFlow();
    } catch {
      if (flow === this.#flow) this.#dispatch(failed);
      return null;
    }
  }

  #step(flow: number): FlowStep {
    return {
      deps: this.#deps,
      current: () => flow === this.#flow,
      dispatch: (event) => this.#dispatch(event),
      authenticated: (answer, isNew) => this.#authenticated(answer, isNew),
    };
  }
}
