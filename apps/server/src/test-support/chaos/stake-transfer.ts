// A storm player's stake transfer (docs/security.md 28), sent the way a careful wallet sends it,
// so that a paused chain (the chaos run's RPC fault) leaves no doubt about it: the same signed
// bytes again until they confirm, and a new signature only once the old one can never land (the
// chain's block height is past its blockhash's lastValidBlockHeight and the chain does not know
// it). Only then is it counted, with the fee the chain charged: one stake, moved at most once.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Instruction, type KeyPairSigner, signature as toSignature } from '@solana/kit';
import { signTransaction } from '../../adapters/chain/signed-transaction';
import type { ChainClient } from '../chain-client';

/** Signatures tried before giving up: each lives ~150 blocks (under 10 s on the test chain). */
const SIGNINGS = 6;

/** A chain call tried again while the chain is paused or drops the connection. */
async function patiently<T>(call: () => Promise<T>, tries = 60): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= tries) throw error;
      await sleep(500);
    }
  }
}

type Rpc = ChainClient['rpc'];

async function landed(rpc: Rpc, signature: string): Promise<'confirmed' | 'failed' | null> {
  const { value } = await patiently(() => rpc.getSignatureStatuses([toSignature(signature)], { searchTransactionHistory: true }).send());
  const status = value[0];
  if (!status || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) return null;
  return status.err === null ? 'confirmed' : 'failed';
}

/** Sends until confirmed; answers the signature and the fee paid, or throws (then nothing moved). */
export async function sendStake(chain: ChainClient, payer: KeyPairSigner, instructions: Instruction[]): Promise<{ signature: string; fee: bigint }> {
  const { rpc } = chain;
  for (let signing = 1; signing <= SIGNINGS; signing += 1) {
    const { value: latest } = await patiently(() => rpc.getLatestBlockhash({ commitment: 'confirmed' }).send());
    const signed = await signTransaction(payer, latest, instructions);
    const signature = signed.signature as string;
    const { wire } = signed;
    for (;;) {
      // Sent again each time: a copy that already landed is refused, which changes nothing.
      await rpc.sendTransaction(wire, { encoding: 'base64' }).send().catch(() => undefined);
      await sleep(200);
      const outcome = await landed(rpc, signature);
      if (outcome === 'failed') throw new Error(`stake transfer ${signature} failed on chain`);
      if (outcome === 'confirmed') {
        const found = await patiently(() => rpc.getTransaction(toSignature(signature), { commitment: 'confirmed', encoding: 'json', maxSupportedTransactionVersion: 0 }).send());
        if (!found?.meta) throw new Error(`the chain has no record of ${signature}`);
        return { signature, fee: BigInt(found.meta.fee) };
      }
      const height = await patiently(() => rpc.getBlockHeight({ commitment: 'confirmed' }).send());
      // Past its last valid block and still unknown: it can never land, so a new one is safe.
      if (height > latest.lastValidBlockHeight && (await landed(rpc, signature)) === null) break;
    }
  }
  throw new Error(`stake transfer not confirmed after ${SIGNINGS} signatures`);
}
