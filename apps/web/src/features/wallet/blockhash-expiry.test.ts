// A transfer whose blockhash expires before it lands (the player left the wallet's approval open
// too long) ends with a clear message and nothing moved, instead of an endless "Waiting for
// confirmation…". Against the real local chain, its blocks fast enough that a blockhash (valid for
// 150 blocks) expires within seconds.
import '../../test-support/real-websocket';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SolanaChain, readLamports, requestAirdrop, solanaChain } from '../../net/rpc-chain';
import { keyWallet } from '../../test-support/key-wallet';
import { type LocalChain, startLocalChain } from '../../test-support/local-chain';
import { type TransferStage, sendSol } from './transfer';
import { BLOCKHASH_EXPIRED_TEXT, BlockhashExpiredError } from './transfer-not-landed';

const SOL = 1_000_000_000n;
const AMOUNT = 10_000_000n;
const WAIT = { timeout: 30_000, interval: 20 };

let local: LocalChain;
let chain: SolanaChain;
let network: { cluster: 'localnet'; rpcUrl: string };
beforeAll(async () => {
  local = await startLocalChain({ blockIntervalMs: 10 });
  chain = solanaChain(local);
  network = { cluster: 'localnet', rpcUrl: local.rpcUrl };
});
afterAll(() => local?.stop());

async function blockHeight(): Promise<bigint> {
  return (await chain.rpc.getEpochInfo().send()).blockHeight;
}

/** The player approves only once every blockhash the app could have used has expired. */
async function approveTooLate(): Promise<void> {
  const now = await blockHeight();
  await vi.waitFor(async () => expect(await blockHeight()).toBeGreaterThan(now + 151n), WAIT);
}

async function funded(address: string): Promise<void> {
  await requestAirdrop(chain, address, SOL);
  await vi.waitFor(async () => expect(await readLamports(chain, address)).toBe(SOL), WAIT);
}

async function pay(features: ('sign' | 'signAndSend')[], chains: `${string}:${string}`[], beforeSigning?: () => Promise<void>) {
  const connected = await keyWallet(chain.rpc, { chains, features, ...(beforeSigning ? { beforeSigning } : {}) });
  await funded(connected.address);
  const recipient = (await generateKeyPairSigner()).address;
  const stages: TransferStage[] = [];
  const outcome = await sendSol(connected, chain, network, { to: recipient, lamports: AMOUNT }, (stage) => stages.push(stage)).then(
    (signature) => ({ signature, error: null }),
    (error: unknown) => ({ signature: null, error }),
  );
  return { ...outcome, stages, payerLamports: await readLamports(chain, connected.address), recipientLamports: await readLamports(chain, recipient) };
}

describe('a transfer whose blockhash expires', () => {
  it('sent by the wallet and dropped by the chain, ends with the clear message once the chain passes its last valid block height', async () => {
    const paid = await pay(['signAndSend'], ['solana:localnet'], approveTooLate);
    expect(paid.error).toBeInstanceOf(BlockhashExpiredError);
    expect((paid.error as Error).message).toBe(BLOCKHASH_EXPIRED_TEXT);
    expect((paid.error as BlockhashExpiredError).signature).toBeTypeOf('string');
    expect(paid.stages).toEqual(['preparing', 'signing', 'confirming']);
    expect([paid.payerLamports, paid.recipientLamports]).toEqual([SOL, 0n]);
  });

  it('sent by the app, is refused by the node and ends with the same message', async () => {
    const paid = await pay(['sign'], ['solana:devnet'], approveTooLate);
    expect(paid.error).toBeInstanceOf(BlockhashExpiredError);
    expect((paid.error as Error).message).toContain('No SOL moved.');
    expect(paid.stages).toEqual(['preparing', 'signing']);
    expect([paid.payerLamports, paid.recipientLamports]).toEqual([SOL, 0n]);
  });

  it('does not touch a transfer approved in time: it is confirmed and the SOL moves', async () => {
    const paid = await pay(['signAndSend'], ['solana:localnet']);
    expect(paid.error).toBeNull();
    expect(paid.stages).toEqual(['preparing', 'signing', 'confirming']);
    expect(paid.recipientLamports).toBe(AMOUNT);
    expect(paid.payerLamports).toBeLessThan(SOL - AMOUNT);
    // What else left the payer is the network fee, not a second transfer.
    expect(paid.payerLamports).toBeGreaterThan(SOL - AMOUNT - 100_000n);
  });
});
