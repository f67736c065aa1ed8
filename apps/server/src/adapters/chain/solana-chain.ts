// The only code that talks to Solana RPC (docs/architecture.md): the ledger's TreasuryChain on
// @solana/kit's JSON-RPC and PubSub clients. Every failure to reach or satisfy the node becomes
// ChainUnavailable, which the money modules treat as "retry later", never as "it did not happen".
// Every request has a deadline of its own (rpc-deadline.ts): a node that never answers is a
// failure after `rpcTimeoutMs`, not a wait without end.
import { createHash } from 'node:crypto';
import {
  type KeyPairSigner,
  type Signature,
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  getBase58Decoder,
  lamports,
  signature as toSignature,
} from '@solana/kit';
import type { Base64EncodedWireTransaction } from '@solana/kit';
import type { SignatureState, TreasuryChain } from '../../modules/ledger';
import { waitForConfirmation } from './confirm';
import { linkSignals } from '../../concurrency/linked-signal';
import { parseObservedTransfer } from './observed-transfer';
import { DEFAULT_RPC_TIMEOUT_MS, rpcCall } from './rpc-deadline';
import { signTransaction, transferWithReferences } from './signed-transaction';

export interface SolanaChainOptions {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly treasury: KeyPairSigner;
  /** How often confirmation polls the node; default 250 ms. */
  readonly pollMs?: number;
  /** How long one RPC request may take before it fails as ChainUnavailable; default 5 s. */
  readonly rpcTimeoutMs?: number;
}

export type SolanaChain = TreasuryChain & {
  genesisHash(): Promise<string>;
  /** Closes the PubSub connection and ends the requests still waiting for an answer. */
  close(): void;
};

const SIGNATURES_PAGE = 1000;
const base58 = getBase58Decoder();

/** The read-only account that ties a treasury transfer to its ledger key (and makes it unique). */
export function referenceFor(key: string): string {
  return base58.decode(new Uint8Array(createHash('sha256').update(`duel-dojo:${key}`).digest()));
}

export function createSolanaChain(options: SolanaChainOptions): SolanaChain {
  const rpc = createSolanaRpc(options.rpcUrl);
  const subscriptions = createSolanaRpcSubscriptions(options.wsUrl);
  const closing = new AbortController();
  const signer = options.treasury;
  const pollMs = options.pollMs ?? 250;
  const timeoutMs = options.rpcTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;

  /** One request under its deadline, the caller's signal (if any) and shutdown. */
  function call<T>(what: string, request: (abortSignal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return rpcCall(what, timeoutMs, request, [closing.signal, signal]);
  }

  async function signatureState(sig: string, signal?: AbortSignal): Promise<SignatureState> {
    const { value } = await call(
      'getSignatureStatuses',
      (abortSignal) => rpc.getSignatureStatuses([toSignature(sig)], { searchTransactionHistory: true }).send({ abortSignal }),
      signal,
    );
    const status = value[0];
    if (!status) return { kind: 'unknown' };
    if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return { kind: 'confirmed', err: status.err ?? null };
    return { kind: 'processed' };
  }

  /** getSignaturesForAddress, page after page (newest first) until the history, `until` or `limit` ends. */
  async function signaturesForAddress(owner: string, limit: number, until?: string): Promise<string[]> {
    const all: string[] = [];
    let before: Signature | undefined;
    while (all.length < limit) {
      const pageLimit = Math.min(SIGNATURES_PAGE, limit - all.length);
      const page = await call('getSignaturesForAddress', (abortSignal) =>
        rpc.getSignaturesForAddress(address(owner), { limit: pageLimit, commitment: 'confirmed', ...(before ? { before } : {}), ...(until ? { until: toSignature(until) } : {}) }).send({ abortSignal }),
      );
      all.push(...page.map((entry) => entry.signature));
      if (page.length < pageLimit) break;
      before = page[page.length - 1]?.signature;
    }
    return all;
  }

  const blockHeight = (signal?: AbortSignal) => call('getBlockHeight', (abortSignal) => rpc.getBlockHeight({ commitment: 'confirmed' }).send({ abortSignal }), signal);

  return {
    treasury: signer.address,

    genesisHash: () => call('getGenesisHash', (abortSignal) => rpc.getGenesisHash().send({ abortSignal })),

    async balance(owner) {
      const { value } = await call('getBalance', (abortSignal) => rpc.getBalance(address(owner), { commitment: 'confirmed' }).send({ abortSignal }));
      return value;
    },

    blockHeight: () => blockHeight(),

    async signTransfer({ destination, lamports: amount, reference }) {
      const { value: latest } = await call('getLatestBlockhash', (abortSignal) => rpc.getLatestBlockhash({ commitment: 'confirmed' }).send({ abortSignal }));
      const { signature, wire } = await signTransaction(signer, latest, [transferWithReferences(signer, destination, amount, [referenceFor(reference)])]);
      return { signature, wireTransaction: wire, lastValidBlockHeight: latest.lastValidBlockHeight };
    },

    async send(wire) {
      // With preflight: a transfer the treasury cannot afford is refused before it costs a fee.
      // A send that timed out may still have reached the node: pay-out.ts asks for the signature's
      // state before deciding anything, and sending the same bytes again is harmless.
      await call('sendTransaction', (abortSignal) =>
        rpc.sendTransaction(wire as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed', maxRetries: 0n }).send({ abortSignal }),
      );
    },

    signatureState: (sig) => signatureState(sig),

    confirm(sig, lastValidBlockHeight, signal) {
      const probe = {
        signatureState: (pollSignal: AbortSignal) => signatureState(sig, pollSignal),
        blockHeight: (pollSignal: AbortSignal) => blockHeight(pollSignal),
        async notified(abortSignal: AbortSignal): Promise<unknown> {
          const stream = await subscriptions.signatureNotifications(toSignature(sig), { commitment: 'confirmed' }).subscribe({ abortSignal });
          for await (const note of stream) return note.value.err ?? null;
          throw new Error('subscription ended');
        },
      };
      const linked = linkSignals([signal, closing.signal]);
      return waitForConfirmation(probe, lastValidBlockHeight, linked.signal, pollMs).finally(linked.release);
    },

    async fetchTransfer(sig) {
      const answer = await call('getTransaction', (abortSignal) =>
        rpc.getTransaction(toSignature(sig), { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send({ abortSignal }),
      );
      return answer === null ? null : parseObservedTransfer(sig, answer);
    },

    async requestAirdrop(amount) {
      return call('requestAirdrop', (abortSignal) => rpc.requestAirdrop(signer.address, lamports(amount), { commitment: 'confirmed' }).send({ abortSignal }));
    },

    treasurySignatures(options = {}) {
      return signaturesForAddress(signer.address, Number.POSITIVE_INFINITY, options.until);
    },

    signaturesForAddress(owner, { limit = SIGNATURES_PAGE } = {}) {
      return signaturesForAddress(owner, limit);
    },

    close() {
      closing.abort();
    },
  };
}
