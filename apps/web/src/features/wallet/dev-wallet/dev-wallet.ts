// A Wallet Standard wallet backed by a key in localStorage, offered only on the local cluster:
// it lets a developer, and the end-to-end tests, sign in and pay
// without a browser extension. It signs with WebCrypto Ed25519 and sends through the
// configured RPC, exactly the calls a real wallet answers.
import {
  getBase64EncodedWireTransaction,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Rpc,
  type SendTransactionApi,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature, StandardEventsListeners } from '@wallet-standard/features';
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import { DEV_WALLET_ICON } from './icon';
import { type DevKeyPair, loadOrCreateDevKeyPair } from './keypair';

export const DEV_WALLET_NAME = 'Dev Wallet';
export const DEV_WALLET_CHAIN = 'solana:localnet';

type DevWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature;

export class DevWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = DEV_WALLET_NAME;
  readonly icon = DEV_WALLET_ICON;
  readonly chains = [DEV_WALLET_CHAIN] as const;
  readonly #rpc: Rpc<SendTransactionApi>;
  readonly #loadKey: () => Promise<DevKeyPair>;
  #key: DevKeyPair | null = null;
  #accounts: WalletAccount[] = [];
  readonly #listeners = new Set<StandardEventsListeners['change']>();

  constructor(rpc: Rpc<SendTransactionApi>, loadKey: () => Promise<DevKeyPair> = loadOrCreateDevKeyPair) {
    this.#rpc = rpc;
    this.#loadKey = loadKey;
  }

  get accounts(): readonly WalletAccount[] {
    return this.#accounts;
  }

  get features(): DevWalletFeatures {
    const signing = { supportedTransactionVersions: ['legacy', 0] as const };
    return {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: await this.#connect() }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => this.#disconnect() },
      'standard:events': { version: '1.0.0', on: (_event, listener) => this.#on(listener) },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: (...inputs) => Promise.all(inputs.map(async ({ account, message }) => {
          const key = this.#keyFor(account);
          const signature = new Uint8Array(await signBytes(key.keyPair.privateKey, message));
          return { signedMessage: message, signature, signatureType: 'ed25519' as const };
        })),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        ...signing,
        signTransaction: (...inputs) => Promise.all(inputs.map(async ({ account, transaction }) => ({
          signedTransaction: await this.#sign(account, transaction).then((signed) => new Uint8Array(getTransactionEncoder().encode(signed))),
        }))),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        ...signing,
        signAndSendTransaction: (...inputs) => Promise.all(inputs.map(async ({ account, transaction }) => {
          const signed = await this.#sign(account, transaction);
          const wire = getBase64EncodedWireTransaction(signed);
          const signature = await this.#rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
          return { signature: new Uint8Array(getBase58Encoder().encode(signature)) };
        })),
      },
    };
  }

  async #connect(): Promise<readonly WalletAccount[]> {
    this.#key ??= await this.#loadKey();
    const account: WalletAccount = {
      address: this.#key.address,
      publicKey: this.#key.publicKey,
      chains: [DEV_WALLET_CHAIN],
      features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      label: DEV_WALLET_NAME,
      icon: DEV_WALLET_ICON,
    };
    this.#accounts = [account];
    this.#emit();
    return this.#accounts;
  }

  #disconnect(): void {
    if (this.#accounts.length === 0) return;
    this.#accounts = [];
    this.#emit();
  }

  #on(listener: StandardEventsListeners['change']): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    for (const listener of this.#listeners) listener({ accounts: this.#accounts });
  }

  #keyFor(account: WalletAccount): DevKeyPair {
    const key = this.#key;
    if (!key || !this.#accounts.length || account.address !== key.address) throw new Error('The dev wallet is not connected to this account');
    return key;
  }

  async #sign(account: WalletAccount, bytes: Uint8Array) {
    const key = this.#keyFor(account);
    const transaction = getTransactionDecoder().decode(bytes);
    return partiallySignTransaction([key.keyPair], transaction);
  }
}
