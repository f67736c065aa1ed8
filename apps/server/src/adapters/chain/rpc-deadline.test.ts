// Every RPC request of the chain adapter has a deadline of its own (rpc-deadline.ts), tried
// against a real local chain run as a process and stopped with SIGSTOP: its ports still accept
// connections and requests, nothing is answered — a hung node, not a refused connection.
//
// The bounds below are generous (a busy 2-core machine may be seconds late) yet far below what
// a hang would take: every awaited call is itself bounded by `settles`, so a regression fails
// with "still waiting" instead of blocking the run until the test times out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { ChainUnavailable } from '../../modules/ledger';
import { findLanded } from '../../modules/payments/find-landed';
import { type ChainProcess, startChainProcess } from '../../test-support/chain-process';
import { transferWithReferences } from '../../test-support/chain-client';
import { openChain } from './open-chain';
import type { SolanaChain } from './solana-chain';
import { settles } from '../../test-support/settles';

const RPC_TIMEOUT_MS = 1_000;
/** Scheduling slack on a loaded machine; what is asserted never depends on it being idle. */
const SLACK_MS = 4_000;

describe('RPC deadlines against a chain process that stopped answering', () => {
  let chain: ChainProcess;
  let adapter: SolanaChain;
  /** A deadline far longer than any bound asserted here: what only a race with the budget can beat. */
  let patient: SolanaChain;
  let landedSignature: string;

  beforeAll(async () => {
    chain = await startChainProcess();
    const config = { ...testConfig(), ...chain.config };
    adapter = await openChain(config, { pollMs: 40, rpcTimeoutMs: RPC_TIMEOUT_MS });
    patient = await openChain(config, { pollMs: 40, rpcTimeoutMs: 60_000 });
    await chain.waitConfirmed(await adapter.requestAirdrop(10_000_000_000n));
    const payer = await chain.player();
    landedSignature = await chain.send(payer.signer, [transferWithReferences(payer.signer, adapter.treasury, 1_000_000n)]);
  }, 180_000);
  afterEach(() => {
    if (chain?.paused) chain.resume();
  });
  afterAll(async () => {
    adapter?.close();
    patient?.close();
    await chain?.stop();
  });

  it('SECURITY 16: every request fails as ChainUnavailable at its own deadline', async () => {
    const receiver = await chain.player(0n);
    const signed = await adapter.signTransfer({ destination: receiver.address, lamports: 1_000n, reference: 'deadline:test' });
    chain.pause();
    const calls: Record<string, () => Promise<unknown>> = {
      getBalance: () => adapter.balance(adapter.treasury),
      getBlockHeight: () => adapter.blockHeight(),
      getGenesisHash: () => adapter.genesisHash(),
      getSignatureStatuses: () => adapter.signatureState(landedSignature),
      getTransaction: () => adapter.fetchTransfer(landedSignature),
      getLatestBlockhash: () => adapter.signTransfer({ destination: receiver.address, lamports: 1_000n, reference: 'deadline:other' }),
      sendTransaction: () => adapter.send(signed.wireTransaction),
      getSignaturesForAddress: () => adapter.treasurySignatures(),
      requestAirdrop: () => adapter.requestAirdrop(1_000n),
    };
    const outcomes = await Promise.all(Object.entries(calls).map(async ([method, call]) => ({ method, ...(await settles(call(), RPC_TIMEOUT_MS + SLACK_MS)) })));
    for (const { method, ms, error } of outcomes) {
      expect(error, method).toBeInstanceOf(ChainUnavailable);
      expect((error as Error).message).toBe(`${method}: no answer within ${RPC_TIMEOUT_MS} ms`);
      // Not sooner: the node really did not answer (a refused connection would fail at once).
      expect(ms, method).toBeGreaterThanOrEqual(RPC_TIMEOUT_MS - 50);
    }
    chain.resume();
    // The same adapter works again once the node answers.
    expect(await adapter.balance(adapter.treasury)).toBeGreaterThan(0n);
  });

  it("SECURITY 10: the start's genesis check gives up at its deadline, naming the RPC URL", async () => {
    chain.pause();
    const opening = await settles(openChain({ ...testConfig(), ...chain.config }, { rpcTimeoutMs: RPC_TIMEOUT_MS }), RPC_TIMEOUT_MS + SLACK_MS);
    expect(opening.error).toBeInstanceOf(ChainUnavailable);
    expect((opening.error as Error).message).toBe(`getGenesisHash: no answer within ${RPC_TIMEOUT_MS} ms (SOLANA_RPC_URL ${chain.config.rpcUrl})`);
  });

  it('closing the adapter ends the requests still waiting, whatever their deadline', async () => {
    const closing = await openChain({ ...testConfig(), ...chain.config }, { rpcTimeoutMs: 60_000 });
    chain.pause();
    const waiting = settles(closing.balance(closing.treasury), SLACK_MS);
    closing.close();
    const { error } = await waiting;
    expect(error).toBeInstanceOf(ChainUnavailable);
    expect((error as Error).message).toMatch(/^getBalance: aborted/);
  });

  it('a confirmation wait ends with its signal although no poll is ever answered', async () => {
    const receiver = await chain.player(0n);
    const signed = await adapter.signTransfer({ destination: receiver.address, lamports: 1_000n, reference: 'deadline:confirm' });
    chain.pause();
    const waited = await settles(adapter.confirm(signed.signature, signed.lastValidBlockHeight + 1_000n, AbortSignal.timeout(2_000)), 2_000 + SLACK_MS);
    expect(waited.error).toBeInstanceOf(Error);
    expect((waited.error as Error).name).toBe('TimeoutError');
  });

  it('SECURITY 7: finding a transaction returns by its budget although the one request it made never answers', async () => {
    const budgetMs = 1_000;
    chain.pause();
    // `patient` would wait 60 s for its answer: only the race against the budget ends this early.
    const search = await settles(findLanded({ fetchTransfer: (signature) => patient.fetchTransfer(signature), budgetMs, intervalMs: 50 }, landedSignature), budgetMs + SLACK_MS);
    expect(search.error).toBeUndefined();
    expect(search.value).toBeNull();
    expect(search.ms).toBeGreaterThanOrEqual(budgetMs - 50);
    chain.resume();
    // Answered again, the same search finds it.
    const found = await settles(findLanded({ fetchTransfer: (signature) => patient.fetchTransfer(signature), budgetMs: 10_000, intervalMs: 50 }, landedSignature), 10_000 + SLACK_MS);
    expect(found.value).toMatchObject({ signature: landedSignature, err: null });
  });
});
