// Wallet Standard wallets with scripted behaviour, for the failures the dev wallet never has:
// no signMessage feature, a refusal, an empty signature. Keys are real Ed25519 (WebCrypto).
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { encodeBase58 } from '@duel-dojo/protocol';
import { registerWallet } from '../features/wallet/wallet-registry';

export type SignBehaviour = 'sign' | 'refuse' | 'empty' | 'unsupported';

export async function registerTestWallet(name: string, behaviour: SignBehaviour): Promise<{ address: string; unregister: () => void; emitChange(accounts: WalletAccount[]): void }> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const address = encodeBase58(publicKey);
  const account: WalletAccount = { address, publicKey, chains: ['solana:localnet'], features: ['solana:signMessage'] };
  const listeners = new Set<(change: { accounts?: readonly WalletAccount[] }) => void>();
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
  if (behaviour !== 'unsupported') {
    features['solana:signMessage'] = {
      version: '1.1.0',
      signMessage: async ({ message }: { message: Uint8Array }) => {
        if (behaviour === 'refuse') throw new Error('User rejected the request');
        if (behaviour === 'empty') return [];
        return [{ signedMessage: message, signature: new Uint8Array(await crypto.subtle.sign('Ed25519', pair.privateKey, new Uint8Array(message))) }];
      },
    };
  }
  const wallet: Wallet = { version: '1.0.0', name, icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: ['solana:localnet'], accounts: [account], features };
  const unregister = registerWallet(wallet);
  return { address, unregister, emitChange: (accounts) => listeners.forEach((listener) => listener({ accounts })) };
}
