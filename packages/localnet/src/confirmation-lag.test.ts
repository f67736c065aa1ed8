// confirmationLagMs: a landed transaction stays "not found yet" for a while, so the server's
// retry paths can be exercised against a real chain.
import { generateKeyPairSigner, getBase64EncodedWireTransaction, getSignatureFromTransaction, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRpc, rpcRequest, signedTransaction, startTestChain, transfer, type TestChain } from './test-support/test-chain';

const LAG_MS = 1200;
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ confirmationLagMs: LAG_MS });
});
afterAll(() => chain.localnet.stop());

describe('confirmation lag', () => {
  it('hides a landed transaction from statuses and lookups until the lag has passed', async () => {
    // Its own chain on a clock the test steps: what is visible depends on the lag alone, not on
    // how long the calls below take on a busy machine.
    let now = Date.now();
    const stepped = await startTestChain({ confirmationLagMs: LAG_MS, now: () => now });
    try {
      const { rpc } = stepped;
      const payer = await generateKeyPairSigner();
      const funding = await rpc.requestAirdrop(payer.address, lamports(2_000_000_000n)).send();
      const hidden = async () => {
        expect((await rpc.getSignatureStatuses([funding]).send()).value).toEqual([null]);
        expect(await rpc.getTransaction(funding, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()).toBeNull();
        expect(await rpc.getSignaturesForAddress(payer.address).send()).toEqual([]);
      };
      // Landed (the balance moved) but not yet visible.
      expect((await rpc.getBalance(payer.address).send()).value).toBe(2_000_000_000n);
      await hidden();
      // Its block is not confirmed yet either: getBlocks stops before it, getBlock refuses it.
      const head = await rpc.getSlot().send();
      const confirmedBlocks = await rpc.getBlocks(0n).send();
      expect(await rawRpc(stepped.localnet.rpcUrl, rpcRequest('getBlock', [head, { maxSupportedTransactionVersion: 0 }]))).toMatchObject({ error: { code: -32004 } });

      now += LAG_MS - 1;
      await hidden();
      now += 1;
      const status = (await rpc.getSignatureStatuses([funding]).send()).value[0];
      expect(status?.confirmationStatus).toBe('finalized');
      expect(confirmedBlocks.at(-1)).toBeLessThan(status?.slot ?? 0n);
      expect((await rpc.getBlock(status?.slot ?? 0n, { transactionDetails: 'signatures', rewards: false }).send())?.signatures).toEqual([funding]);
      expect((await rpc.getSignaturesForAddress(payer.address).send()).map((entry) => entry.signature)).toEqual([funding]);
    } finally {
      await stepped.localnet.stop();
    }
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
