// Shared by the tests: a localnet on free ports driven by @solana/kit's own clients, and a raw
// JSON-RPC call for what kit would refuse to send (malformed input, batches).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  airdropFactory,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  type TransactionWithBlockhashLifetime,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { parseJson, stringifyJson, type Json } from '../bigint-json';
import { startLocalnet, type Localnet, type LocalnetOptions } from '../localnet';

export interface TestChain {
  localnet: Localnet;
  rpc: Rpc<SolanaRpcApi>;
  rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
  airdrop: ReturnType<typeof airdropFactory>;
  sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>;
}

export async function startTestChain(options: LocalnetOptions = {}): Promise<TestChain> {
  const localnet = await startLocalnet({ port: 0, dataDir: null, blockIntervalMs: 50, ...options });
  // A plain URL string types as "any cluster"; this one is a test cluster (it has requestAirdrop).
  const rpc = createSolanaRpc(localnet.rpcUrl) as Rpc<SolanaRpcApi>;
  const rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl) as RpcSubscriptions<SolanaRpcSubscriptionsApi>;
  return {
    localnet,
    rpc,
    rpcSubscriptions,
    airdrop: airdropFactory({ rpc, rpcSubscriptions }),
    sendAndConfirm: sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions }),
  };
}

/** A new key pair holding `amount` lamports, airdropped and confirmed. */
export async function fundedSigner(chain: TestChain, amount = 2_000_000_000n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await chain.airdrop({ recipientAddress: signer.address, lamports: lamports(amount), commitment: 'confirmed' });
  return signer;
}

export type SignedTransaction = Parameters<TestChain['sendAndConfirm']>[0] & TransactionWithBlockhashLifetime;

/** A signed v0 (or legacy) transaction from `payer` with the chain's latest blockhash. */
export async function signedTransaction(chain: TestChain, payer: KeyPairSigner, instructions: Instruction[], version: 0 | 'legacy' = 0): Promise<SignedTransaction> {
  const { value: latest } = await chain.rpc.getLatestBlockhash().send();
  const signed = await pipe(
    createTransactionMessage({ version }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => signTransactionMessageWithSigners(message),
  );
  return signed as SignedTransaction;
}

export function transfer(source: KeyPairSigner, destination: Address, amount: bigint): Instruction {
  return getTransferSolInstruction({ source, destination, amount: lamports(amount) });
}

/** POST a JSON-RPC body as is; the answer parsed with exact integers. */
export async function rawRpc(url: string, body: unknown): Promise<Json> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : stringifyJson(body) });
  return parseJson(await response.text());
}

export function rpcRequest(method: string, params?: unknown[], id: number = 1) {
  return { jsonrpc: '2.0', id, method, params };
}

export async function waitFor<T>(read: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(25);
  }
}
