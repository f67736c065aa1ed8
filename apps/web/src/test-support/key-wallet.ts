// A connected Wallet Standard wallet on a real Ed25519 key, for tests against the local chain.
// It signs for real, may wait before it does (a player who leaves the approval open), and when it
// sends by itself it skips preflight as some wallets do, so a transaction that cannot land is
// answered with its signature and then silently dropped by the chain.
import {
  type Rpc,
  type SendTransactionApi,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { ConnectedWallet } from '../features/wallet/wallet-connection';

export interface KeyWalletOptions {
  readonly chains: readonly `${string}:${string}`[];
  readonly features: readonly ('sign' | 'signAndSend')[];
  /** Runs before every signature: the time the player takes to approve. */
  readonly beforeSigning?: () => Promise<void>;
}

export async function keyWallet(rpc: Rpc<SendTransactionApi>, options: KeyWalletOptions): Promise<ConnectedWallet> {
  const keyPair = await generateKeyPair();
  const address = await getAddressFromPublicKey(keyPair.publicKey);
  const sign = async (bytes: Uint8Array) => {
    await options.beforeSigning?.();
    return partiallySignTransaction([keyPair], getTransactionDecoder().decode(bytes));
  };
  const features: Record<string, unknown> = {};
  if (options.features.includes('sign')) {
    features['solana:signTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async ({ transaction }: { transaction: Uint8Array }) => [
        { signedTransaction: new Uint8Array(getTransactionEncoder().encode(await sign(transaction))) },
      ],
    };
  }
  if (options.features.includes('signAndSend')) {
    features['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
        const wire = getBase64EncodedWireTransaction(await sign(transaction));
        const signature = await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send();
        return [{ signature: new Uint8Array(getBase58Encoder().encode(signature)) }];
      },
    };
  }
  const account: WalletAccount = { address, publicKey: new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey)), chains: options.chains, features: [] };
  const wallet: Wallet = { version: '1.0.0', name: 'Key Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: options.chains, accounts: [account], features };
  return { wallet, account, name: wallet.name, address };
}
