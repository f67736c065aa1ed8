// Solana JSON-RPC over fetch: the few methods the web app needs, without bundling an SDK into
// the first page. Transactions are built elsewhere (features/wallet, with @solana/kit); this
// only moves base64 bytes and numbers. Commitment is `confirmed` (spec §7 "Chain").

export class RpcError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}

export interface SignatureStatus {
  readonly confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
  readonly err: unknown;
}

export interface SolanaRpc {
  getBalance(address: string): Promise<bigint>;
  getLatestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>;
  requestAirdrop(address: string, lamports: bigint): Promise<string>;
  /** Sends a signed wire transaction (base64); resolves with its signature. */
  sendTransaction(base64: string): Promise<string>;
  getSignatureStatus(signature: string): Promise<SignatureStatus | null>;
}

const COMMITMENT = 'confirmed';
let nextId = 1;

export function createRpc(url: string): SolanaRpc {
  async function call<T>(method: string, params: unknown[]): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      });
    } catch (error) {
      throw new RpcError(`The Solana node at ${url} cannot be reached (${error instanceof Error ? error.message : 'network error'})`);
    }
    const json = (await response.json().catch(() => null)) as { result?: T; error?: { message?: string; code?: number } } | null;
    if (!json) throw new RpcError(`The Solana node answered ${response.status}`);
    if (json.error) throw new RpcError(json.error.message ?? 'RPC error', json.error.code);
    return json.result as T;
  }

  return {
    async getBalance(address) {
      const answer = await call<{ value: number }>('getBalance', [address, { commitment: COMMITMENT }]);
      return BigInt(answer.value);
    },
    async getLatestBlockhash() {
      const answer = await call<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [{ commitment: COMMITMENT }]);
      return { blockhash: answer.value.blockhash, lastValidBlockHeight: BigInt(answer.value.lastValidBlockHeight) };
    },
    requestAirdrop(address, lamports) {
      return call<string>('requestAirdrop', [address, Number(lamports), { commitment: COMMITMENT }]);
    },
    sendTransaction(base64) {
      return call<string>('sendTransaction', [base64, { encoding: 'base64', preflightCommitment: COMMITMENT }]);
    },
    async getSignatureStatus(signature) {
      const answer = await call<{ value: (SignatureStatus | null)[] }>('getSignatureStatuses', [[signature], { searchTransactionHistory: true }]);
      return answer.value[0] ?? null;
    },
  };
}

/** No node of this cluster has heard of the signature within the bound it was given. */
export class SignatureNotFoundError extends RpcError {
  constructor(readonly signature: string, readonly afterMs: number) {
    super(`The transaction ${signature} was not found on this cluster after ${Math.round(afterMs / 1000)} s`);
    this.name = 'SignatureNotFoundError';
  }
}

/**
 * Waits until a transaction is confirmed; throws when it failed on chain or after `timeoutMs`,
 * and with `notFoundMs`, as soon as the cluster still knows nothing of it after that long (a
 * transaction sent elsewhere never shows up, and waiting the full timeout only hides why).
 */
export async function confirmSignature(rpc: SolanaRpc, signature: string, timeoutMs = 60_000, intervalMs = 800, notFoundMs = Infinity): Promise<void> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let seen = false;
  for (;;) {
    const status = await rpc.getSignatureStatus(signature).catch(() => null);
    if (status) seen = true;
    if (status?.err) throw new RpcError(`The transaction failed on chain: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    if (!seen && Date.now() - started >= notFoundMs) throw new SignatureNotFoundError(signature, notFoundMs);
    if (Date.now() > deadline) throw new RpcError('The transaction was not confirmed in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
