// A connected wallet for transaction tests: it announces the chains a test gives it and offers
// solana:signAndSendTransaction, solana:signTransaction, both or neither, recording each call.
// It does not really sign (the bytes come back as given): the tests are about which feature is
// used, on which chain, and where the bytes go.
import {
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptionsApi,
  createSubscriptionRpc,
  type Rpc,
  type RpcSubscriptionsTransport,
  type RpcTransport,
  type SolanaRpcApi,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { SolanaChain } from '../net/rpc-chain';
import type { ConnectedWallet } from '../features/wallet/wallet-connection';

export type TransactionFeature = 'signAndSend' | 'sign';

export interface TransactionCall {
  readonly feature: 'solana:signAndSendTransaction' | 'solana:signTransaction';
  readonly chain: string | undefined;
}

const ADDRESS = '7C4jsPZpht42Tw6MjXWF56Q5RQUocjBBmciEjDa8HRtp';
/** Base58 of 64 bytes of 7: what the fake wallet reports as the signature it sent. */
export const WALLET_SIGNATURE_BYTES = new Uint8Array(64).fill(7);

export function transactionWallet(chains: readonly `${string}:${string}`[], offered: readonly TransactionFeature[]): { connected: ConnectedWallet; calls: TransactionCall[] } {
  const calls: TransactionCall[] = [];
  const account: WalletAccount = { address: ADDRESS, publicKey: new Uint8Array(32), chains, features: [] };
  const features: Record<string, unknown> = {};
  if (offered.includes('signAndSend')) {
    features['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async ({ chain }: { chain: string }) => {
        calls.push({ feature: 'solana:signAndSendTransaction', chain });
        if (!chains.includes(chain as `${string}:${string}`)) throw new Error(`invalid chain ${chain}`);
        return [{ signature: WALLET_SIGNATURE_BYTES }];
      },
    };
  }
  if (offered.includes('sign')) {
    features['solana:signTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async ({ chain, transaction }: { chain?: string; transaction: Uint8Array }) => {
        calls.push({ feature: 'solana:signTransaction', chain });
        if (chain !== undefined && !chains.includes(chain as `${string}:${string}`)) throw new Error(`invalid chain ${chain}`);
        return [{ signedTransaction: transaction }];
      },
    };
  }
  const wallet: Wallet = { version: '1.0.0', name: 'Test Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains, accounts: [account], features };
  return { connected: { wallet, account, name: wallet.name, address: ADDRESS }, calls };
}

export interface SignatureStatus {
  readonly confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
  readonly err: unknown;
}

/**
 * Kit's own clients on a scripted cluster: the JSON-RPC hands out a blockhash valid up to height
 * 100 at height 1, records what is sent and answers the given statuses; the WebSocket is silent
 * (no notification ever comes, so confirmation rests on the statuses).
 */
export function scriptedChain(status: () => SignatureStatus | null = () => ({ confirmationStatus: 'confirmed', err: null })): SolanaChain & { sent: string[] } {
  const sent: string[] = [];
  const context = { slot: 1n };
  const answers: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({ context, value: { blockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k', lastValidBlockHeight: 100n } }),
    getEpochInfo: () => ({ absoluteSlot: 1n, blockHeight: 1n, epoch: 0n, slotIndex: 1n, slotsInEpoch: 432_000n, transactionCount: null }),
    getBalance: () => ({ context, value: 0n }),
    getSignatureStatuses: () => ({ context, value: [status()] }),
    sendTransaction: (params) => {
      sent.push(params[0] as string);
      return 'app-sent-signature';
    },
  };
  const transport = (async ({ payload }: { payload: unknown }) => {
    const { id, method, params } = payload as { id: string; method: string; params: unknown[] };
    const answer = answers[method];
    if (!answer) return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
    return { jsonrpc: '2.0', id, result: answer(params) };
  }) as RpcTransport;
  const silence: RpcSubscriptionsTransport = async () => ({ on: () => () => {} });
  return {
    sent,
    rpc: createSolanaRpcFromTransport(transport) as Rpc<SolanaRpcApi>,
    rpcSubscriptions: createSubscriptionRpc({ api: createSolanaRpcSubscriptionsApi(), transport: silence }),
  };
}
