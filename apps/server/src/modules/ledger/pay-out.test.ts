// The exactly-once engine under faults, in-process (docs/security.md 15): the "process" dies (an
// exception thrown at the crash point, then a fresh ledger on the same database resumes) after
// the intent is written, after sending, before the final update, on an RPC timeout; and a
// transaction that never landed is signed anew once its blockhash expired. Each time: one payout.
import { payoutLamports } from '@duel-dojo/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { createLedgerStore } from '../../adapters/db/ledger-store';
import { testDatabases } from '../../test-support';
import type { TestChain } from '../../test-support/chain';
import { FAST_MONEY, type MoneyHarness, type MoneyPlayer, type SeededGame, seedPaidGame, silentLog } from '../../test-support/money';
import { useMoneyPlayers } from '../../test-support/money-suite';
import type { Database } from '../../test-support/game-server';
import { type CrashPoint, type Ledger, type TreasuryChain, ChainUnavailable, createLedger, payoutKey } from './index';

class Crash extends Error {}

describe.each(testDatabases())('exactly-once payouts under faults on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  let alice: MoneyPlayer;
  let bob: MoneyPlayer;
  useMoneyPlayers(target, { alice: 'alice_faults', bob: 'bob_faults' }, (suite) => ({ chain, database, harness, players: { alice, bob } } = suite));
  const ledgers: Ledger[] = [];
  afterAll(async () => {
    for (const ledger of ledgers) await ledger.stop();
  });

  function ledgerOn(treasuryChain: TreasuryChain, crashAt?: (point: CrashPoint) => void): Ledger {
    const { waitMs, expiryMarginBlocks } = FAST_MONEY;
    const ledger = createLedger({ store: createLedgerStore(database.db), chain: treasuryChain, log: silentLog, crashAt, waitMs, expiryMarginBlocks });
    ledgers.push(ledger);
    return ledger;
  }

  /** How many transfers from the treasury to `wallet` the chain holds. */
  async function payoutsOnChain(wallet: string): Promise<string[]> {
    const found: string[] = [];
    for (const signature of await harness.chain.treasurySignatures()) {
      const landed = await harness.chain.fetchTransfer(signature);
      if (landed?.systemTransfers.some((t) => t.source === chain.treasury.address && t.destination === wallet)) found.push(signature);
    }
    return found;
  }

  async function expectOnePayout(game: SeededGame, winner: MoneyPlayer, before: { balance: bigint; payouts: number }): Promise<string> {
    const row = await createLedgerStore(database.db).findByKey(payoutKey(game.gameId));
    expect(row?.status).toBe('confirmed');
    expect((await chain.balance(winner.address)) - before.balance).toBe(payoutLamports(game.stake, game.stake));
    const payouts = await payoutsOnChain(winner.address);
    expect(payouts).toHaveLength(before.payouts + 1);
    expect(payouts).toContain(row?.signature);
    return row?.signature as string;
  }

  async function dueGame(): Promise<{ game: SeededGame; before: { balance: bigint; payouts: number } }> {
    const game = await seedPaidGame(harness, chain, database, [alice, bob], { winner: 'player1', payoutState: 'due' });
    return { game, before: { balance: await chain.balance(alice.address), payouts: (await payoutsOnChain(alice.address)).length } };
  }

  const claimBy = (ledger: Ledger, game: SeededGame) => ledger.claimReward({ sessionId: game.sessionId, wallet: alice.address });

  for (const point of ['after-ledger-write', 'after-send'] as const) {
    it(`SECURITY 15: killed ${point}, the restarted ledger finishes the one payout`, async () => {
      const { game, before } = await dueGame();
      const dying = ledgerOn(harness.chain, (at) => {
        if (at === point) throw new Crash(at);
      });
      await expect(claimBy(dying, game)).rejects.toBeInstanceOf(Crash);
      const written = await createLedgerStore(database.db).findByKey(payoutKey(game.gameId));
      expect(written?.status).toBe('pending');
      await ledgerOn(harness.chain).recover();
      expect(await expectOnePayout(game, alice, before)).toBe(written?.signature);
      // A claim afterwards answers the same transfer.
      expect((await claimBy(harness.ledger, game)).transactionSignature).toBe(written?.signature);
    });
  }

  it('SECURITY 15: killed after confirmation but before the final update, the restart settles without paying again', async () => {
    const { game, before } = await dueGame();
    const dying = ledgerOn({
      ...harness.chain,
      fetchTransfer: async () => {
        throw new Crash('before the final update');
      },
    });
    await expect(claimBy(dying, game)).rejects.toMatchObject({ code: 'PAYOUT_PENDING' });
    await ledgerOn(harness.chain).recover();
    await expectOnePayout(game, alice, before);
  });

  it('SECURITY 15: an RPC timeout after sending leaves the claim pending; the retry pays once with the same transaction', async () => {
    const { game, before } = await dueGame();
    let flaky = 0;
    const timingOut: TreasuryChain = {
      ...harness.chain,
      send: async (wire) => {
        await harness.chain.send(wire);
        throw new ChainUnavailable('sendTransaction: timeout');
      },
      signatureState: async (signature) => {
        flaky += 1;
        if (flaky <= 2) throw new ChainUnavailable('getSignatureStatuses: timeout');
        return harness.chain.signatureState(signature);
      },
    };
    await expect(claimBy(ledgerOn(timingOut), game)).rejects.toMatchObject({ code: 'PAYOUT_PENDING' });
    const written = await createLedgerStore(database.db).findByKey(payoutKey(game.gameId));
    expect((await claimBy(harness.ledger, game)).transactionSignature).toBe(written?.signature);
    await expectOnePayout(game, alice, before);
  });

  it('SECURITY 15: a transaction that never landed is signed anew only after its blockhash expired', async () => {
    const { game, before } = await dueGame();
    const dropped: string[] = [];
    const lossy: TreasuryChain = {
      ...harness.chain,
      // The first transaction is signed with a short validity (as if the blockhash were old)…
      signTransfer: async (input) => {
        const signed = await harness.chain.signTransfer(input);
        return dropped.length === 0 ? { ...signed, lastValidBlockHeight: (await harness.chain.blockHeight()) + 2n } : signed;
      },
      // …and lost on the way to the chain.
      send: async (wire) => {
        if (dropped.length === 0) {
          dropped.push(wire);
          return;
        }
        await harness.chain.send(wire);
      },
    };
    const first = (async () => {
      const row = await claimBy(ledgerOn(lossy), game);
      return row.transactionSignature;
    })();
    const paid = await first;
    const row = await createLedgerStore(database.db).findByKey(payoutKey(game.gameId));
    expect(row?.signature).toBe(paid);
    expect(dropped).toHaveLength(1);
    expect(row?.signedTx).not.toBe(dropped[0]);
    await expectOnePayout(game, alice, before);
  });
});
