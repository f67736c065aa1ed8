// The only code that talks to Solana RPC (DESIGN.md): the ledger's TreasuryChain on
// @solana/kit's JSON-RPC and PubSub clients. Every failure to reach or satisfy the node becomes
// ChainUnavailable, which the money modules treat as "retry later", never as "it did not happen".
import { createHash } from 'node:crypto';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  AccountRole,
  type KeyPairSigner,
  type Signature,
  address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  signature as toSignature,
} from '@solana/kit';
import type { Base64EncodedWireTransaction } from '@solana/kit';
import { ChainUnavailable, type SignatureState, type TreasuryChain } from '../../modules/ledger';
import { waitForConfirmation } from './confirm';
import { parseObservedTransfer } from './observed-transfer';

export interface SolanaChainOptions {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly treasury: KeyPairSigner;
  /** How often confirmation polls the node; default 250 ms. */
  readonly pollMs?: number;
}

export type SolanaChain = TreasuryChain & {
  genesisHash(): Promise<string>;
  /** Closes the PubSub connection. */
  close(): void;
};

const SIGNATURES_PAGE = 1000;
const base58 = getBase58Decoder();

/** The read-only account that ties a treasury transfer to its ledger key (and makes it unique). */
export function referenceFor(key: string): string {
  return base58.decode(new Uint8Array(createHash('sha256').update(`duel-dojo:${key}`).digest()));
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new ChainUnavailable(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export function createSolanaChain(options: SolanaChainOptions): SolanaChain {
  const rpc = createSolanaRpc(options.rpcUrl);
  const subscriptions = createSolanaRpcSubscriptions(options.wsUrl);
  const closing = new AbortController();
  const signer = options.treasury;
  const pollMs = options.pollMs ?? 250;

  async function signatureState(sig: string): Promise<SignatureState> {
    const { value } = await call('getSignatureStatuses', () => rpc.getSignatureStatuses([toSignature(sig)], { searchTransactionHistory: true }).send());
    const status = value[0];
    if (!status) return { kind: 'unknown' };
    if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return { kind: 'confirmed', err: status.err ?? null };
    return { kind: 'processed' };
  }

  /** getSignaturesForAddress, page after page (newest first) until the history or `limit` ends. */
  async function signaturesForAddress(owner: string, limit: number): Promise<string[]> {
    const all: string[] = [];
    let before: Signature | undefined;
    while (all.length < limit) {
      const pageLimit = Math.min(SIGNATURES_PAGE, limit - all.length);
      const page = await call('getSignaturesForAddress', () =>
        rpc.getSignaturesForAddress(address(owner), { limit: pageLimit, commitment: 'confirmed', ...(before ? { before } : {}) }).send(),
      );
      all.push(...page.map((entry) => entry.signature));
      if (page.length < pageLimit) break;
      before = page[page.length - 1]?.signature;
    }
    return all;
  }

  const blockHeight = () => call('getBlockHeight', () => rpc.getBlockHeight({ commitment: 'confirmed' }).send());

  return {
    treasury: signer.address,

    genesisHash: () => call('getGenesisHash', () => rpc.getGenesisHash().send()),

    async balance(owner) {
      const { value } = await call('getBalance', () => rpc.getBalance(address(owner), { commitment: 'confirmed' }).send());
      return value;
    },

    blockHeight,

    async signTransfer({ destination, lamports: amount, reference }) {
      const { value: latest } = await call('getLatestBlockhash', () => rpc.getLatestBlockhash({ commitment: 'confirmed' }).send());
      const transfer = getTransferSolInstruction({ source: signer, destination: address(destination), amount: lamports(amount) });
      const instruction = { ...transfer, accounts: [...transfer.accounts, { address: address(referenceFor(reference)), role: AccountRole.READONLY }] };
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstruction(instruction, m),
      );
      const signed = await signTransactionMessageWithSigners(message);
      return { signature: getSignatureFromTransaction(signed), wireTransaction: getBase64EncodedWireTransaction(signed), lastValidBlockHeight: latest.lastValidBlockHeight };
    },

    async send(wire) {
      // With preflight: a transfer the treasury cannot afford is refused before it costs a fee.
      await call('sendTransaction', () =>
        rpc.sendTransaction(wire as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed', maxRetries: 0n }).send(),
      );
    },

    signatureState,

    confirm(sig, lastValidBlockHeight, signal) {
      const probe = {
        signatureState: () => signatureState(sig),
        blockHeight,
        async notified(abortSignal: AbortSignal): Promise<unknown> {
          const stream = await subscriptions.signatureNotifications(toSignature(sig), { commitment: 'confirmed' }).subscribe({ abortSignal });
          for await (const note of stream) return note.value.err ?? null;
          throw new Error('subscription ended');
        },
      };
      return waitForConfirmation(probe, lastValidBlockHeight, AbortSignal.any([signal, closing.signal]), pollMs);
    },

    async fetchTransfer(sig) {
      const answer = await call('getTransaction', () =>
        rpc.getTransaction(toSignature(sig), { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send(),
      );
      return answer === null ? null : parseObservedTransfer(sig, answer);
    },

    async requestAirdrop(amount) {
      return call('requestAirdrop', () => rpc.requestAirdrop(signer.address, lamports(amount), { commitment: 'confirmed' }).send());
    },

    treasurySignatures() {
      return signaturesForAddress(signer.address, Number.POSITIVE_INFINITY);
    },

    signaturesForAddress(owner, { limit = SIGNATURES_PAGE } = {}) {
      return signaturesForAddress(owner, limit);
    },

    close() {
      closing.abort();
    },
  };
}
