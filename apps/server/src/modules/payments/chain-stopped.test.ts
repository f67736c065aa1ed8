// The real server (compose.ts, a test database, real Socket.IO clients) while its chain does not
// answer: the local chain runs as a process and is stopped with SIGSTOP, so requests are accepted
// and never answered. Payments stay "not found, retryable" within their budget (docs/security.md 7),
// the ledger fails fast and records nothing it did not send (16); once the chain answers again
// (SIGCONT) the same verification succeeds and the books match the chain (27).
//
// Bounds are generous (a busy 2-core machine may be seconds late) yet far below a hang: every
// wait is bounded by `settles`, and the ledger's own wait (waitMs) is set far above them, so only
// the per-request deadlines can make these bounds.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerStore } from '../../adapters/db/ledger-store';
import { type Database, type GameClient, connect } from '../../test-support/game-server';
import { testDatabases } from '../../test-support';
import { transferWithReferences } from '../../test-support/chain-client';
import { type ChainProcess, startChainProcess } from '../../test-support/chain-process';
import { type MoneyHarness, type MoneyPlayer, type SeededGame, expectBalanced, moneyPlayer, seedPaidGame, startMoneyServer } from '../../test-support/money';
import { ChainUnavailable, refundKey } from '../ledger';
import { settles } from '../../test-support/settles';

/** verifyPayment's "not found yet" budget (findBudgetMs). */
const BUDGET_MS = 3_000;
/** The chain adapter's per-request deadline. */
const RPC_TIMEOUT_MS = 2_000;
/** Scheduling slack on a loaded machine; what is asserted never depends on it being idle. */
const SLACK_MS = 5_000;
/** How long a payout or refund caller waits (waitMs): far above the bounds, so it cannot make them. */
const LEDGER_WAIT_MS = 120_000;
/**
 * A recovery pass with the chain stopped: each of its stages that asks the chain (the treasury
 * intake's read, the draw's two refunds, each at its first request) ends at one deadline; one
 * deadline to spare for a stage added later.
 */
const RECOVERY_BOUND_MS = 4 * RPC_TIMEOUT_MS + SLACK_MS;

/** verifyPayment over `client`, answered within `limitMs` (or the test fails). */
async function verify(client: GameClient, paymentId: string, signature: string, limitMs: number): Promise<{ ms: number; answer: ServerEventPayload<'paymentVerified'> }> {
  const answered = client.next('paymentVerified', (a) => a.paymentId === paymentId, limitMs);
  client.emit('verifyPayment', { paymentId, signature });
  const { ms, value, error } = await settles(answered, limitMs + 1_000);
  if (error) throw error;
  return { ms, answer: value as ServerEventPayload<'paymentVerified'> };
}

describe.each(testDatabases())('the server while the chain process is stopped, on $kind', (target) => {
  let chain: ChainProcess;
  let database: Database;
  let harness: MoneyHarness;
  let alice: MoneyPlayer;
  /** Alice's stake request, paid on chain before the chain stopped, not verified yet. */
  let paymentId: string;
  let signature: string;
  /** Another transaction naming the same payment, signed and never sent. */
  let unsent: string;
  /** A draw whose two stakes are due back: what the recovery pass must try to refund. */
  let draw: SeededGame;
  let drawPlayers: readonly [MoneyPlayer, MoneyPlayer];

  beforeAll(async () => {
    chain = await startChainProcess();
    database = await target.open();
    harness = await startMoneyServer(database, chain, {
      money: { findBudgetMs: BUDGET_MS, findIntervalMs: 100, waitMs: LEDGER_WAIT_MS },
      adapter: { rpcTimeoutMs: RPC_TIMEOUT_MS },
    });
    drawPlayers = [await moneyPlayer(harness, chain, 'bob_stopped'), await moneyPlayer(harness, chain, 'carol_stopped')];
    draw = await seedPaidGame(harness, chain, database, drawPlayers, { winner: 'draw', payoutState: 'refund_due' });
    alice = await moneyPlayer(harness, chain, 'alice_stopped');
    alice.client.emit('requestBetInfo', { betAmount: '5$' });
    const info = await alice.client.next('betInfo');
    paymentId = info.paymentId;
    const transfer = transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports), [info.reference]);
    signature = await chain.send(alice.signer, [transfer]);
    unsent = (await chain.sign(alice.signer, [transferWithReferences(alice.signer, info.recipientWallet, BigInt(info.lamports) + 1n, [info.reference])])).signature;
    chain.pause();
  }, 240_000);
  afterAll(async () => {
    if (chain?.paused) chain.resume();
    for (const player of [alice, ...(drawPlayers ?? [])]) player?.client.close();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });

  it('SECURITY 7: verifyPayment answers PAYMENT_NOT_FOUND, retryable, within its budget', async () => {
    const { ms, answer } = await verify(alice.client, paymentId, signature, BUDGET_MS + SLACK_MS);
    expect(answer).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true, paymentId });
    // It waited its budget for the chain (a refusal for another reason would come at once).
    expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 50);
    expect(ms).toBeLessThan(BUDGET_MS + SLACK_MS);
  });

  it('SECURITY 7: a second verification of the same payment is not held behind the first past its budget', async () => {
    // Another signature for the same payment, from another connection: the two take the
    // payment's lock in turn, each for at most its budget.
    const second = await connect(harness.url, alice.token);
    try {
      const [first, other] = await Promise.all([
        verify(alice.client, paymentId, signature, 2 * BUDGET_MS + SLACK_MS),
        verify(second, paymentId, unsent, 2 * BUDGET_MS + SLACK_MS),
      ]);
      for (const { answer } of [first, other]) expect(answer).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true });
      expect(Math.max(first.ms, other.ms)).toBeLessThan(2 * BUDGET_MS + SLACK_MS);
    } finally {
      second.close();
    }
  });

  it("SECURITY 16: the ledger's summary fails fast with ChainUnavailable (retry later)", async () => {
    const summary = await settles(harness.ledger.summary(), RPC_TIMEOUT_MS + SLACK_MS);
    expect(summary.error).toBeInstanceOf(ChainUnavailable);
    expect((summary.error as Error).message).toBe(`getBalance: no answer within ${RPC_TIMEOUT_MS} ms`);
  });

  it('SECURITY 16: a recovery pass ends within its bound and writes no refund it could not send', async () => {
    // Two refunds due: each stops at its first request (the blockhash to sign with).
    const pass = await settles(harness.ledger.recover(), RECOVERY_BOUND_MS);
    expect(pass.error).toBeUndefined();
    const store = createLedgerStore(database.db);
    for (const id of draw.paymentIds) expect(await store.findByKey(refundKey(id))).toBeNull();
  });

  it('SECURITY 7, 16: after SIGCONT the same verification succeeds, the refunds are paid and the books match the chain', { timeout: 180_000 }, async () => {
    chain.resume();
    const { answer } = await verify(alice.client, paymentId, signature, BUDGET_MS + SLACK_MS);
    expect(answer).toMatchObject({ success: true, paymentId });
    const before = await Promise.all(drawPlayers.map((player) => chain.balance(player.address)));
    const pass = await settles(harness.ledger.recover(), 60_000);
    expect(pass.error).toBeUndefined();
    const after = await Promise.all(drawPlayers.map((player) => chain.balance(player.address)));
    expect(after.map((lamports, seat) => lamports - (before[seat] as bigint))).toEqual([draw.stake, draw.stake]);
    await expectBalanced(harness.ledger);
  });
});
