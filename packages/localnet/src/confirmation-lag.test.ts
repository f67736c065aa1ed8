// confirmationLagMs: a landed transaction stays "not found yet" for a while, so the server's
// retry paths can be exercised against a real chain.
import { generateKeyPairSigner, getBase64EncodedWireTransaction, getSignatureFromTransaction, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRpc, rpcRequest, signedTransaction, startTestChain, transfer, waitFor, type TestChain } from './test-support/test-chain';

const LAG_MS = 1200;
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ confirmationLagMs: LAG_MS });
});
afterAll(() => chain.localnet.stop());

describe('confirmation lag', () => {
  it('hides a landed transaction from statuses and lookups until the lag has passed', async () => {
    const payer = await generateKeyPairSigner();
    const funding = await chain.rpc.requestAirdrop(payer.address, lamports(2_000_000_000n)).send();
    // Landed (the balance moved) but not yet visible.
    expect((await chain.rpc.getBalance(payer.address).send()).value).toBe(2_000_000_000n);
    expect((await chain.rpc.getSignatureStatuses([funding]).send()).value).toEqual([null]);
    expect(await chain.rpc.getTransaction(funding, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()).toBeNull();
    expect(await chain.rpc.getSignaturesForAddress(payer.address).send()).toEqual([]);
    // Its block is not confirmed yet either: getBlocks stops before it, getBlock refuses it.
    const head = await chain.rpc.getSlot().send();
    const confirmedBlocks = await chain.rpc.getBlocks(0n).send();
    expect(await rawRpc(chain.localnet.rpcUrl, rpcRequest('getBlock', [head, { maxSupportedTransactionVersion: 0 }]))).toMatchObject({ error: { code: -32004 } });

    const started = Date.now();
    const status = await waitFor(async () => (await chain.rpc.getSignatureStatuses([funding]).send()).value[0]);
    expect(Date.now() - started).toBeGreaterThan(LAG_MS / 2);
    expect(status.confirmationStatus).toBe('finalized');
    expect(confirmedBlocks.at(-1)).toBeLessThan(status.slot);
    expect((await chain.rpc.getBlock(status.slot, { transactionDetails: 'signatures', rewards: false }).send())?.signatures).toEqual([funding]);
    expect((await chain.rpc.getSignaturesForAddress(payer.address).send()).map((entry) => entry.signature)).toEqual([funding]);
  });

  it('delays signature notifications too, so sendAndConfirm waits for the lag', async () => {
    const payer = await generateKeyPairSigner();
    await chain.rpc.requestAirdrop(payer.address, lamports(2_000_000_000n)).send();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, (await generateKeyPairSigner()).address, 1_000_000_000n)]);
    const started = Date.now();
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LAG_MS - 50);
    // And a re-send in the meantime would have been refused as a duplicate.
    const again = await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight: true }).send();
    expect(again).toBe(getSignatureFromTransaction(transaction));
  });
});
