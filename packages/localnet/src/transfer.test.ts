// The happy paths, driven by @solana/kit exactly as the server and wallets use it.
import {
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  isSolanaError,
  lamports,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  type Signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAUCET_ADDRESS, GENESIS_HASH } from './genesis';
import { fundedSigner, rawRpc, rpcRequest, signedTransaction, startTestChain, transfer, waitFor, type TestChain } from './test-support/test-chain';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain.localnet.stop());

describe('a transfer sent and confirmed with @solana/kit', () => {
  it('lands, and reads back parsed with fee and balances', async () => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 1_000_000_000n)]);
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const signature = getSignatureFromTransaction(transaction);

    const read = await chain.rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send();
    expect(read).not.toBeNull();
    const { meta, transaction: parsed, version, slot, blockTime } = read!;
    expect(version).toBe(0);
    expect(slot).toBeGreaterThan(0n);
    expect(Math.abs(Number(blockTime) - Date.now() / 1000)).toBeLessThan(10);
    expect(parsed.message.instructions[0]).toMatchObject({
      program: 'system',
      programId: '11111111111111111111111111111111',
      parsed: { type: 'transfer', info: { source: payer.address, destination: recipient.address, lamports: 1_000_000_000n } },
    });
    expect(parsed.message.accountKeys[0]).toMatchObject({ pubkey: payer.address, signer: true, writable: true, source: 'transaction' });
    expect(meta!.err).toBeNull();
    expect(meta!.status).toEqual({ Ok: null });
    expect(meta!.fee).toBe(5000n);
    expect(meta!.preBalances.slice(0, 2)).toEqual([2_000_000_000n, 0n]);
    expect(meta!.postBalances.slice(0, 2)).toEqual([2_000_000_000n - 1_000_000_000n - 5000n, 1_000_000_000n]);
    expect(meta!.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(meta!.computeUnitsConsumed).toBeGreaterThan(0n);
    expect(meta!.preTokenBalances).toEqual([]);

    const { value: balance } = await chain.rpc.getBalance(recipient.address).send();
    expect(balance).toBe(1_000_000_000n);
    const [status] = (await chain.rpc.getSignatureStatuses([signature]).send()).value;
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized', slot });
    expect(await chain.rpc.getBlockTime(slot).send()).toBe(blockTime);
  });

  it('answers json and base64 encodings, and -32015 for a v0 transaction without maxSupportedTransactionVersion', async () => {
    const payer = await fundedSigner(chain);
    const transaction = await signedTransaction(chain, payer, [transfer(payer, FAUCET_ADDRESS as never, 1n)]);
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const signature = getSignatureFromTransaction(transaction);

    const json = await chain.rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(json!.transaction.message.accountKeys[0]).toBe(payer.address);
    expect(json!.meta!.loadedAddresses).toEqual({ writable: [], readonly: [] });
    const base64 = await chain.rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send();
    expect(base64!.transaction[1]).toBe('base64');

    const error = await chain.rpc.getTransaction(signature, { encoding: 'json' }).send().catch((e: unknown) => e);
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION)).toBe(true);
  });

  it('airdrops with a real faucet transfer that shows in getSignaturesForAddress, newest first', async () => {
    const wallet = await generateKeyPairSigner();
    const first = await chain.rpc.requestAirdrop(wallet.address, lamports(1_000_000_000n)).send();
    const second = await chain.airdrop({ recipientAddress: wallet.address, lamports: lamports(2_000_000_000n), commitment: 'confirmed' });
    const list = await chain.rpc.getSignaturesForAddress(wallet.address).send();
    expect(list.map((entry) => entry.signature)).toEqual([second, first]);
    expect(list[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', memo: null });
    const limited = await chain.rpc.getSignaturesForAddress(wallet.address, { limit: 1 }).send();
    expect(limited.map((entry) => entry.signature)).toEqual([second]);
    const older = await chain.rpc.getSignaturesForAddress(wallet.address, { before: second }).send();
    expect(older.map((entry) => entry.signature)).toEqual([first]);

    const airdrop = await chain.rpc.getTransaction(first as Signature, { encoding: 'jsonParsed' }).send();
    expect(airdrop!.transaction.message.instructions[0]).toMatchObject({ parsed: { type: 'transfer', info: { source: FAUCET_ADDRESS, destination: wallet.address, lamports: 1_000_000_000n } } });
    expect((await chain.rpc.getBalance(wallet.address).send()).value).toBe(3_000_000_000n);
  });

  it('keeps u64 values above 2^53 exact both ways', async () => {
    const whale = await generateKeyPairSigner();
    const amount = 2n ** 53n + 1n;
    // kit refuses to *send* an unsafe number, so the request goes out raw; its answers it reads exactly.
    const answer = (await rawRpc(chain.localnet.rpcUrl, rpcRequest('requestAirdrop', [whale.address, amount]))) as { result: Signature };
    await waitFor(async () => (await chain.rpc.getSignatureStatuses([answer.result]).send()).value[0]);
    expect((await chain.rpc.getBalance(whale.address).send()).value).toBe(amount);
    const { value: account } = await chain.rpc.getAccountInfo(whale.address, { encoding: 'base64' }).send();
    expect(account!.lamports).toBe(amount);
    // rentEpoch (u64::MAX) is not in kit's types any more; read it raw.
    const raw = (await rawRpc(chain.localnet.rpcUrl, rpcRequest('getAccountInfo', [whale.address, { encoding: 'base64' }]))) as { result: { value: { rentEpoch: bigint; lamports: bigint } } };
    expect(raw.result.value).toMatchObject({ rentEpoch: 18446744073709551615n, lamports: amount });
  });

  it('simulates, prices a message, and takes legacy transactions in base58', async () => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 1_000_000_000n)], 'legacy');
    const wire = getBase64EncodedWireTransaction(transaction);

    const { value: simulation } = await chain.rpc
      .simulateTransaction(wire, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, accounts: { addresses: [recipient.address], encoding: 'base64' } })
      .send();
    expect(simulation.err).toBeNull();
    expect(simulation.unitsConsumed).toBeGreaterThan(0n);
    expect(simulation.accounts[0]!.lamports).toBe(1_000_000_000n);
    expect(simulation.replacementBlockhash).not.toBeNull();
    expect((await chain.rpc.getBalance(recipient.address).send()).value).toBe(0n); // nothing committed

    const message = getBase64Decoder().decode(transaction.messageBytes) as TransactionMessageBytesBase64;
    expect((await chain.rpc.getFeeForMessage(message).send()).value).toBe(5000n);

    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(transaction));
    const sent = (await rawRpc(chain.localnet.rpcUrl, rpcRequest('sendTransaction', [base58]))) as { result: Signature };
    expect(sent.result).toBe(getSignatureFromTransaction(transaction));
    const read = await waitFor(() => chain.rpc.getTransaction(sent.result, { encoding: 'json' }).send());
    expect(read).not.toHaveProperty('version');
    expect(read.transaction.message.header).toEqual({ numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 });
  });

  it('reports the cluster: genesis hash, version, blockhash window, rent', async () => {
    expect(await chain.rpc.getGenesisHash().send()).toBe(GENESIS_HASH);
    expect(await chain.rpc.getHealth().send()).toBe('ok');
    const { value: latest } = await chain.rpc.getLatestBlockhash().send();
    const height = await chain.rpc.getBlockHeight().send();
    expect(latest.lastValidBlockHeight - height).toBeLessThanOrEqual(150n);
    expect((await chain.rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true);
    expect(await chain.rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    const epoch = await chain.rpc.getEpochInfo().send();
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(epoch.blockHeight);
  });
});
