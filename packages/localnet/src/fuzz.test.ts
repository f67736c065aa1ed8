// Property: whatever bytes arrive as a transaction — a valid one with random bytes flipped,
// truncated or extended — the node answers with a JSON-RPC result or error and keeps running.
// (LiteSVM is native code: malformed input must be stopped before it gets there.)
import fc from 'fast-check';
import { generateKeyPairSigner, getTransactionEncoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedSigner, rawRpc, rpcRequest, signedTransaction, startTestChain, transfer, type TestChain } from './test-support/test-chain';

let chain: TestChain;
let valid: Uint8Array;
beforeAll(async () => {
  chain = await startTestChain();
  const payer = await fundedSigner(chain);
  const transaction = await signedTransaction(chain, payer, [transfer(payer, (await generateKeyPairSigner()).address, 1_000_000_000n)]);
  valid = new Uint8Array(getTransactionEncoder().encode(transaction));
});
afterAll(() => chain.localnet.stop());

const mutation = fc.record({
  flips: fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 6 }),
  cut: fc.option(fc.nat(), { nil: undefined }),
  tail: fc.uint8Array({ maxLength: 16 }),
  skipPreflight: fc.boolean(),
});

describe('mutated transactions', () => {
  it('never take the node down', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async ({ flips, cut, tail, skipPreflight }) => {
        let bytes = Uint8Array.from(valid);
        for (const { at, value } of flips) bytes[at % bytes.length] = value;
        if (cut !== undefined) bytes = bytes.subarray(0, cut % bytes.length);
        bytes = Uint8Array.from([...bytes, ...tail]);
        const encoded = Buffer.from(bytes).toString('base64');
        for (const method of ['sendTransaction', 'simulateTransaction']) {
          const answer = (await rawRpc(chain.localnet.rpcUrl, rpcRequest(method, [encoded, { encoding: 'base64', skipPreflight }]))) as Record<string, unknown>;
          expect('result' in answer || 'error' in answer).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
    expect(await chain.rpc.getHealth().send()).toBe('ok');
  });
});
