// State under the data directory survives a restart: balances, history, the block clock, and
// the duplicate check.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  type SolanaError,
} from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalnet } from './localnet';
import { fundedSigner, signedTransaction, startTestChain, transfer } from './test-support/test-chain';

const dirs: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-test-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('a restart on the same data directory keeps balances and history', async () => {
    const dataDir = temporaryDir();
    const before = await startTestChain({ dataDir });
    const payer = await fundedSigner(before);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(before, payer, [transfer(payer, recipient.address, 1_000_000_000n)]);
    await before.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const signature = getSignatureFromTransaction(transaction);
    const slot = await before.rpc.getSlot().send();
    const landedSlot = (await before.rpc.getSignatureStatuses([signature]).send()).value[0]!.slot;
    const block = await before.rpc.getBlock(landedSlot, { transactionDetails: 'signatures' }).send();
    const payerBalance = (await before.rpc.getBalance(payer.address).send()).value;
    const faucetBalance = (await before.rpc.getBalance(before.localnet.faucet as never).send()).value;
    await before.localnet.stop();

    const after = await startTestChain({ dataDir });
    try {
      expect((await after.rpc.getBalance(payer.address).send()).value).toBe(payerBalance);
      expect((await after.rpc.getBalance(recipient.address).send()).value).toBe(1_000_000_000n);
      expect((await after.rpc.getBalance(after.localnet.faucet as never).send()).value).toBe(faucetBalance);
      expect(await after.rpc.getSlot().send()).toBeGreaterThanOrEqual(slot);
      const read = await after.rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send();
      expect(read!.meta!.fee).toBe(5000n);
      expect(read!.transaction.message.instructions[0]).toMatchObject({ parsed: { type: 'transfer', info: { lamports: 1_000_000_000n } } });
      const history = await after.rpc.getSignaturesForAddress(payer.address).send();
      expect(history).toHaveLength(2); // the airdrop and the transfer
      expect(history[0]!.signature).toBe(signature);
      // So does its block: the same hashes, and the transaction in it.
      expect(await after.rpc.getBlock(landedSlot, { transactionDetails: 'signatures' }).send()).toEqual(block);
      expect(block!.signatures).toEqual([signature]);

      // Its blockhash is still in the restored window, and it is still a duplicate.
      const error = await after.rpc
        .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
        .send()
        .catch((e: unknown) => e as SolanaError);
      expect(isSolanaError((error as SolanaError).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(true);

      // And the restored chain keeps working.
      const next = await signedTransaction(after, payer, [transfer(payer, recipient.address, 1_000_000n)]);
      await after.sendAndConfirm(next, { commitment: 'confirmed' });
      expect((await after.rpc.getBalance(recipient.address).send()).value).toBe(1_001_000_000n);
    } finally {
      await after.localnet.stop();
    }
  });

  it('refuses a data directory holding something else', async () => {
    const dataDir = temporaryDir();
    writeFileSync(join(dataDir, 'chain.json'), JSON.stringify({ format: 'other', genesisHash: 'x' }));
    await expect(startLocalnet({ port: 0, dataDir })).rejects.toThrow(/not a chain of this localnet/);
  });
});
