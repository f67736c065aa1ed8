// Wallet Standard wallets with scripted behaviour, for the failures the dev wallet never has:
// no signing feature, a refusal, an empty signature, another account; and for the signing
// features it lacks: solana:signIn alone, or beside solana:signMessage. Keys are real Ed25519
// (WebCrypto).
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { encodeBase58 } from '@duel-dojo/protocol';
import { registerWallet } from '../features/wallet/wallet-registry';
import { signInMessageText } from './siws-text';

export type SignBehaviour = 'sign' | 'refuse' | 'empty' | 'unsupported' | 'other-account';

/** Which signing features the wallet offers: solana:signMessage (default), solana:signIn, or both. */
export type SigningFeatures = 'signMessage' | 'signIn' | 'both';

export interface TestWalletHandle {
  readonly address: string;
  /** The signing calls the page made, in order: 'solana:signIn' or 'solana:signMessage'. */
  readonly calls: string[];
  /** The inputs solana:signIn was given. */
  readonly signInInputs: SolanaSignInInput[];
  unregister(): void;
  emitChange(accounts: WalletAccount[]): void;
}

async function newKey(): Promise<{ pair: CryptoKeyPair; account: WalletAccount }> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const account: WalletAccount = { address: encodeBase58(publicKey), publicKey, chains: ['solana:localnet'], features: ['solana:signMessage', 'solana:signIn'] };
  return { pair, account };
}

export async function registerTestWallet(name: string, behaviour: SignBehaviour, signing: SigningFeatures = 'signMessage'): Promise<TestWalletHandle> {
  const own = await newKey();
  const { account } = own;
  const calls: string[] = [];
  const signInInputs: SolanaSignInInput[] = [];
  const listeners = new Set<(change: { accounts?: readonly WalletAccount[] }) => void>();
  /** The key that signs: another account's when the wallet switches accounts behind the page's back. */
  const signer = behaviour === 'other-account' ? await newKey() : own;
  const sign = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.sign('Ed25519', signer.pair.privateKey, new Uint8Array(bytes)));

  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
    'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
    'standard:events': {
      version: '1.0.0',
      on: (_event: string, listener: (change: { accounts?: readonly WalletAccount[] }) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
  if (behaviour !== 'unsupported' && signing !== 'signIn') {
    features['solana:signMessage'] = {
      version: '1.1.0',
      signMessage: async ({ message }: { message: Uint8Array }) => {
        calls.push('solana:signMessage');
        if (behaviour === 'refuse') throw new Error('User rejected the request');
        if (behaviour === 'empty') return [];
        return [{ signedMessage: message, signature: await sign(message) }];
      },
    };
  }
  if (behaviour !== 'unsupported' && signing !== 'signMessage') {
    features['solana:signIn'] = {
      version: '1.0.0',
      signIn: async (input: SolanaSignInInput) => {
        calls.push('solana:signIn');
        signInInputs.push(input);
        if (behaviour === 'refuse') throw new Error('User rejected the request');
        if (behaviour === 'empty') return [];
        const signedMessage = new TextEncoder().encode(signInMessageText({ ...input, address: signer.account.address }));
        return [{ account: signer.account, signedMessage, signature: await sign(signedMessage) }];
      },
    };
  }
  const wallet: Wallet = { version: '1.0.0', name, icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: ['solana:localnet'], accounts: [account], features };
  const unregister = registerWallet(wallet);
  return { address: account.address, calls, signInInputs, unregister, emitChange: (accounts) => listeners.forEach((listener) => listener({ accounts })) };
}
