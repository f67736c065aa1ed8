// Confirming a sent transfer within its blockhash's lifetime, on kit's clients. The signature
// notification (and the status, polled over HTTP in case the socket drops) says it landed; the
// chain's block height passing the blockhash's lastValidBlockHeight says it never will. This is
// the race kit's sendAndConfirmTransactionFactory runs, written out because a wallet that sends by
// itself hands back only a signature, and kit's confirmation factories want the transaction.
import type { Signature } from '@solana/kit';
import type { SolanaChain } from '../../net/rpc-chain';
import { BlockhashExpiredError } from './transfer-not-landed';
import { pause } from '../../net/pause';

export interface SentTransfer {
  /** Base58. */
  readonly signature: string;
  /** The transaction blockhash's last valid block height; null when unknown (no expiry watch). */
  readonly lastValidBlockHeight: bigint | null;
}

export interface ConfirmOptions {
  /** When the cluster still knows nothing of the signature after this long, SignatureNotFoundError. */
  readonly notFoundMs?: number;
  /** How often the status is read over HTTP beside the WebSocket notification. */
  readonly intervalMs?: number;
}

/** No node of this cluster has heard of the signature within the bound it was given. */
export class SignatureNotFoundError extends Error {
  constructor(
    readonly signature: string,
    readonly afterMs: number,
  ) {
    super(`The transaction ${signature} was not found on this cluster after ${Math.round(afterMs / 1000)} s`);
    this.name = 'SignatureNotFoundError';
  }
}

export class TransferFailedError extends Error {
  constructor(readonly err: unknown) {
    super(`The transaction failed on chain: ${JSON.stringify(err, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`);
    this.name = 'TransferFailedError';
  }
}

/** The chain's block height went past the blockhash's last valid one. */
class BlockHeightPassed extends Error {}

const DEFAULT_INTERVAL_MS = 800;
const never = () => new Promise<never>(() => {});

async function statusOf(chain: SolanaChain, signature: Signature, abortSignal?: AbortSignal) {
  const answer = await chain.rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send(abortSignal ? { abortSignal } : undefined);
  return answer.value[0] ?? null;
}

/**
 * Resolves once the transfer is confirmed. Throws TransferFailedError when it failed on chain,
 * BlockhashExpiredError when its blockhash expired first, SignatureNotFoundError (with notFoundMs)
 * when the cluster never heard of it.
 */
export async function confirmTransfer(chain: SolanaChain, sent: SentTransfer, options: ConfirmOptions = {}): Promise<void> {
  const signature = sent.signature as Signature;
  const { lastValidBlockHeight } = sent;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const notFoundMs = options.notFoundMs ?? Infinity;
  const controller = new AbortController();
  const { signal } = controller;
  // A WebSocket failure is not an answer: the HTTP poll carries on alone, block height included.
  let socketDown = false;
  const overSocket = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      if (error instanceof TransferFailedError || error instanceof BlockHeightPassed) throw error;
      socketDown = true;
      return never();
    });

  async function notified(): Promise<void> {
    const notifications = await chain.rpcSubscriptions.signatureNotifications(signature, { commitment: 'confirmed' }).subscribe({ abortSignal: signal });
    for await (const { value } of notifications) {
      if (value.err) throw new TransferFailedError(value.err);
      return;
    }
    return never();
  }

  async function heightPassed(lastValid: bigint): Promise<void> {
    const slots = await chain.rpcSubscriptions.slotNotifications().subscribe({ abortSignal: signal });
    let { absoluteSlot, blockHeight } = await chain.rpc.getEpochInfo().send({ abortSignal: signal });
    if (blockHeight > lastValid) throw new BlockHeightPassed();
    // Slots run ahead of block heights (skipped slots); ask for the height only when the slot says it may have passed.
    for await (const { slot } of slots) {
      if (slot - (absoluteSlot - blockHeight) <= lastValid) continue;
      ({ absoluteSlot, blockHeight } = await chain.rpc.getEpochInfo().send({ abortSignal: signal }));
      if (blockHeight > lastValid) throw new BlockHeightPassed();
    }
    return never();
  }

  async function polled(): Promise<void> {
    const started = Date.now();
    let seen = false;
    for (;;) {
      const status = await statusOf(chain, signature, signal).catch(() => null);
      if (signal.aborted) return never();
      if (status) seen = true;
      if (status?.err) throw new TransferFailedError(status.err);
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
      if (!seen && Date.now() - started >= notFoundMs) throw new SignatureNotFoundError(sent.signature, notFoundMs);
      if (socketDown && lastValidBlockHeight !== null) {
        const info = await chain.rpc.getEpochInfo().send({ abortSignal: signal }).catch(() => null);
        if (info && info.blockHeight > lastValidBlockHeight) throw new BlockHeightPassed();
      }
      await pause(intervalMs, signal);
    }
  }

  try {
    const racers = [overSocket(notified()), polled()];
    if (lastValidBlockHeight !== null) racers.push(overSocket(heightPassed(lastValidBlockHeight)));
    await Promise.race(racers);
  } catch (error) {
    if (!(error instanceof BlockHeightPassed)) throw error;
    // One last look: it may have landed just before, its notification still on the way.
    const status = await statusOf(chain, signature).catch(() => null);
    if (status?.err) throw new TransferFailedError(status.err);
    if (!status) throw new BlockhashExpiredError(sent.signature);
  } finally {
    controller.abort();
  }
}
