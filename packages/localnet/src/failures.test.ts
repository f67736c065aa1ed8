// Transactions a validator refuses or fails: the same answers here, as @solana/kit sees them.
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  type SolanaError,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedSigner, signedTransaction, startTestChain, transfer, waitFor, type TestChain } from './test-support/test-chain';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain.localnet.stop());

async function sendError(transaction: Parameters<typeof getBase64EncodedWireTransaction>[0], skipPreflight = false): Promise<SolanaError> {
  const error = await chain.rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight })
    .send()
    .catch((e: unknown) => e);
  if (!isSolanaError(error)) throw new Error(`expected a SolanaError, got ${String(error)}`);
  return error;
}

describe('refused and failed transactions', () => {
  it('insufficient funds: preflight fails with the program error and logs', async () => {
    const payer = await fundedSigner(chain, 1_000_000_000n);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 5_000_000_000n)]);
    const error = await sendError(transaction);
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
    expect(isSolanaError(error.cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true);
    expect((error.context as { logs: string[] }).logs.join('\n')).toContain('insufficient lamports');
    // Nothing landed: no fee was charged.
    expect((await chain.rpc.getBalance(payer.address).send()).value).toBe(1_000_000_000n);
  });

  it('with skipPreflight a failing transfer still lands, with meta.err and the fee charged', async () => {
    const payer = await fundedSigner(chain, 1_000_000_000n);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 5_000_000_000n)]);
    const signature = await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight: true }).send();
    expect(signature).toBe(getSignatureFromTransaction(transaction));
    const read = await waitFor(() => chain.rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send());
    expect(read.meta!.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(read.meta!.fee).toBe(5000n);
    expect(read.meta!.postBalances[0]).toBe(1_000_000_000n - 5000n);
    const [status] = (await chain.rpc.getSignatureStatuses([signature]).send()).value;
    expect(status!.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
  });

  it('a new account left below the rent-exempt minimum is refused (InsufficientFundsForRent)', async () => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 1000n)]);
    const error = await sendError(transaction);
    expect(isSolanaError(error.cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)).toBe(true);
    // An airdrop below the minimum fails the same way.
    const airdrop = await chain.rpc.requestAirdrop(recipient.address, 1000n as never).send().catch((e: unknown) => e);
    expect(isSolanaError(airdrop, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
  });

  it('the same transaction twice is AlreadyProcessed (and skipPreflight just returns the signature)', async () => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 1_000_000_000n)]);
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const error = await sendError(transaction);
    expect(isSolanaError(error.cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(true);
    const again = await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight: true }).send();
    expect(again).toBe(getSignatureFromTransaction(transaction));
    expect((await chain.rpc.getBalance(recipient.address).send()).value).toBe(1_000_000_000n);
  });

  it('a blockhash more than 150 blocks old is refused (BlockhashNotFound)', async () => {
    const fast = await startTestChain({ blockIntervalMs: 2 });
    try {
      const payer = await fundedSigner(fast);
      const transaction = await signedTransaction(fast, payer, [transfer(payer, (await generateKeyPairSigner()).address, 1_000_000_000n)]);
      const blockhash = transaction.lifetimeConstraint.blockhash;
      await waitFor(async () => ((await fast.rpc.isBlockhashValid(blockhash).send()).value ? null : true));
      const height = await fast.rpc.getBlockHeight().send();
      expect(height).toBeGreaterThan(transaction.lifetimeConstraint.lastValidBlockHeight - 1n);
      const error = await fast.rpc
        .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
        .send()
        .catch((e: unknown) => e as SolanaError);
      expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
      expect(isSolanaError((error as SolanaError).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(true);
      // With skipPreflight it is accepted and dropped: it never lands, not even in the blocks after.
      const signature = await fast.rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight: true }).send();
      const sentAt = await fast.rpc.getSlot().send();
      await waitFor(async () => ((await fast.rpc.getSlot().send()) > sentAt + 1n ? true : null));
      expect((await fast.rpc.getSignatureStatuses([signature]).send()).value).toEqual([null]);
    } finally {
      await fast.localnet.stop();
    }
  });
});
