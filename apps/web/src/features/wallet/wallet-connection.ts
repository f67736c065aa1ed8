// The one connected wallet account of this page: connect (standard:connect), disconnect,
// account changes (standard:events) and signing in (solana:signIn, or solana:signMessage).
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import type { SolanaSignInFeature, SolanaSignInInput, SolanaSignMessageFeature } from '@solana/wallet-standard-features';
import { waitForWallet } from './wallet-registry';

export interface ConnectedWallet {
  readonly wallet: Wallet;
  readonly account: WalletAccount;
  /** The wallet's name, stored so the next visit can reconnect it ("Phantom", "Dev Wallet"). */
  readonly name: string;
  readonly address: string;
}

export interface ConnectOptions {
  /** Reconnect without a prompt (auto-reconnect); fails when the wallet needs one. */
  readonly silent?: boolean;
  /** How long to wait for the wallet to register itself (extensions announce themselves late). */
  readonly waitMs?: number;
}

/** What a wallet's solana:signIn answered: the account, the bytes it signed and the signature. */
export interface SignInOutput {
  readonly address: string;
  readonly signedMessage: Uint8Array;
  readonly signature: Uint8Array;
}

export class WalletNotFoundError extends Error {
  constructor(name: string) {
    super(`${name} is not installed`);
    this.name = 'WalletNotFoundError';
  }
}

type Feature<F> = F[keyof F];

function feature<F>(wallet: Wallet, name: keyof F & string): Feature<F> | undefined {
  return (wallet.features as Record<string, unknown>)[name] as Feature<F> | undefined;
}

export class WalletConnection {
  #current: ConnectedWallet | null = null;
  #offEvents: (() => void) | null = null;
  readonly #listeners = new Set<() => void>();
  readonly #disconnectListeners = new Set<() => void>();

  get current(): ConnectedWallet | null {
    return this.#current;
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ConnectedWallet | null => this.#current;

  /** Called when the wallet drops the account by itself (locked, switched, disconnected in the extension). */
  onExternalDisconnect(listener: () => void): () => void {
    this.#disconnectListeners.add(listener);
    return () => this.#disconnectListeners.delete(listener);
  }

  async connect(name: string, options: ConnectOptions = {}): Promise<ConnectedWallet> {
    const wallet = await waitForWallet(name, options.waitMs ?? 0);
    if (!wallet) throw new WalletNotFoundError(name);
    const connect = feature<StandardConnectFeature>(wallet, 'standard:connect');
    if (!connect) throw new Error(`${name} cannot connect`);
    const { accounts } = await connect.connect(options.silent ? { silent: true } : undefined);
    const account = accounts.find((item) => item.chains.some((chain) => chain.startsWith('solana:'))) ?? accounts[0];
    if (!account) throw new Error(`${name} did not share an account`);
    this.#set({ wallet, account, name: wallet.name, address: account.address });
    this.#watch(wallet, account);
    return this.#current as ConnectedWallet;
  }

  /** Forgets the account and asks the wallet to disconnect; wallet failures are ignored. */
  async disconnect(): Promise<void> {
    const current = this.#current;
    this.#clear();
    if (!current) return;
    const disconnect = feature<StandardDisconnectFeature>(current.wallet, 'standard:disconnect');
    await disconnect?.disconnect().catch(() => undefined);
  }

  /** Signs with solana:signMessage; resolves with the signature bytes, or null when none came back. */
  async signMessage(message: Uint8Array): Promise<Uint8Array | null> {
    const current = this.#current;
    if (!current) throw new Error('No wallet connected');
    const sign = feature<SolanaSignMessageFeature>(current.wallet, 'solana:signMessage');
    if (!sign) throw new Error('Wallet does not support message signing');
    const [output] = await sign.signMessage({ account: current.account, message });
    return output?.signature ?? null;
  }

  /**
   * Signs in with solana:signIn: the wallet writes the Sign In With Solana message from `input`
   * and signs it. Resolves with what it signed, or null when it answered nothing.
   */
  async signIn(input: SolanaSignInInput): Promise<SignInOutput | null> {
    const current = this.#current;
    if (!current) throw new Error('No wallet connected');
    const signIn = feature<SolanaSignInFeature>(current.wallet, 'solana:signIn');
    if (!signIn) throw new Error('Wallet does not support Sign In With Solana');
    const [output] = await signIn.signIn(input);
    if (!output) return null;
    return { address: output.account.address, signedMessage: output.signedMessage, signature: output.signature };
  }

  #watch(wallet: Wallet, account: WalletAccount): void {
    this.#offEvents?.();
    const events = feature<StandardEventsFeature>(wallet, 'standard:events');
    this.#offEvents =
      events?.on('change', ({ accounts }) => {
        if (!accounts || this.#current?.wallet !== wallet) return;
        if (accounts.some((item) => item.address === account.address)) return;
        this.#clear();
        for (const listener of this.#disconnectListeners) listener();
      }) ?? null;
  }

  #set(value: ConnectedWallet | null): void {
    this.#current = value;
    for (const listener of this.#listeners) listener();
  }

  #clear(): void {
    this.#offEvents?.();
    this.#offEvents = null;
    this.#set(null);
  }
}
