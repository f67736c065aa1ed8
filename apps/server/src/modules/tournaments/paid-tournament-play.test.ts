// A paid 4-player single elimination played to its winner on the real chain: each entry is a
// real transfer verified and registered in one transaction; the pool (97 % of the fees) is fixed
// at the start; at completion each place's share is paid to its wallet exactly once, however
// often the prizes are asked for again; the books match the chain to the lamport (SECURITY 27).
import { count, eq, like } from 'drizzle-orm';
import { prizePoolLamports, prizeShares, toLamports } from '@duel-dojo/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerStore } from '../../adapters/db/ledger-store';
import { ledger, tournaments } from '../../adapters/db/schema';
import { createLedger } from '../ledger';
import { buySeat, joinPaid, startPaidTournamentServer } from '../../test-support/paid-entries';
import { createPayload, createTournament, fakeClock, tournamentDetail } from '../../test-support/tournament-server';
import { type Database, GHOST, READS_RIGHT, READS_WRONG, playToEnd } from '../../test-support/game-server';
import { testDatabases } from '../../test-support';
import { type TestChain, startTestChain } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer, silentLog } from '../../test-support/money';

const HOUR = 3_600_000;
const FEE = toLamports(100_000_000n);

describe.each(testDatabases())('a paid single elimination on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  const clock = fakeClock();
  let players: MoneyPlayer[];
  let creator: MoneyPlayer;

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
    harness = await startPaidTournamentServer(database, chain, clock);
    players = [];
    for (const name of ['paid1', 'paid2', 'paid3', 'paid4']) players.push(await moneyPlayer(harness, chain, name));
    creator = await moneyPlayer(harness, chain, 'host', 100_000_000n);
  });
  afterAll(async () => {
    for (const player of [...(players ?? []), creator]) player?.client.close();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });

  async function duel(winner: MoneyPlayer, loser: MoneyPlayer): Promise<void> {
    const [call] = await Promise.all([winner.client.next('tournamentMatch'), loser.client.next('tournamentMatch')]);
    for (const player of [loser, winner]) {
      player.client.emit('joinViaInvite', { inviteCode: call.inviteCode, selectedCharacter: GHOST, walletAddress: player.address });
      expect(await player.client.next('joinViaInviteResult')).toMatchObject({ success: true });
    }
    await playToEnd(winner.client, loser.client, READS_RIGHT, READS_WRONG);
  }

  it('takes four paid entries, plays the bracket and pays 1st, 2nd and 3rd once each', async () => {
    const [p1, p2, p3, p4] = players as [MoneyPlayer, MoneyPlayer, MoneyPlayer, MoneyPlayer];
    const cup = await createTournament(harness.url, creator.token, createPayload(clock, { name: 'Paid Cup', maxParticipants: 4, entryFee: '0.1 sol' }, HOUR));
    expect(cup).toMatchObject({ entryFee: '0.1 SOL', entryFeeLamports: FEE.toString(), prizes: { first: '', second: '', third: '' }, prizePool: { totalLamports: '0' } });

    // Without the fee there is no seat.
    expect(await joinPaid(harness.url, p1, cup.tournamentId, {})).toMatchObject({ status: 402, body: { code: 'ENTRY_FEE_REQUIRED', message: 'This tournament has an entry fee: pay it to join' } });

    const before = new Map<string, bigint>();
    for (const player of players) {
      before.set(player.address, await chain.balance(player.address));
      const { terms, joined } = await buySeat(harness, chain, player, cup.tournamentId, GHOST);
      expect(terms).toMatchObject({ recipientWallet: chain.treasury.address, lamports: FEE.toString(), solAmount: '0.1' });
      expect(joined).toMatchObject({ status: 200, body: { success: true, tournament: { isRegistered: true } } });
    }
    const pool = prizePoolLamports(FEE, 4);
    const shares = prizeShares(pool, 3);
    const registered = await tournamentDetail(harness.url, cup.tournamentId);
    expect(registered.prizePool).toEqual({ totalLamports: pool.toString(), first: String(shares[0]), second: String(shares[1]), third: String(shares[2]) });
    expect(registered.prizes).toEqual({ first: '0.2328 SOL', second: '0.1164 SOL', third: '0.0388 SOL' });
    await expectBalanced(harness.ledger);

    clock.advance(HOUR);
    await harness.modules.tournaments.tick();
    expect((await tournamentDetail(harness.url, cup.tournamentId)).status).toBe('active');

    // Semi-finals p1-p4 (p1 wins) and p2-p3 (p3 wins); final p1-p3 (p3 wins); third place p2 beats p4.
    await Promise.all([duel(p1, p4), duel(p3, p2)]);
    await Promise.all([duel(p3, p1), duel(p2, p4)]);

    await expect.poll(async () => (await tournamentDetail(harness.url, cup.tournamentId)).placings.map((placing) => placing.prize?.status), { timeout: 45_000 }).toEqual(['paid', 'paid', 'paid']);
    const done = await tournamentDetail(harness.url, cup.tournamentId);
    expect(done.placings.map((placing) => [placing.place, placing.username, placing.prize?.lamports])).toEqual([
      [1, 'paid3', String(shares[0])],
      [2, 'paid1', String(shares[1])],
      [3, 'paid2', String(shares[2])],
    ]);
    expect(done.prizePool?.totalLamports).toBe(pool.toString());

    // Each placed wallet got its share on chain: after = before - fee - its transfer's fee + prize.
    const gained = async (player: MoneyPlayer) => (await chain.balance(player.address)) - (before.get(player.address) ?? 0n) + FEE;
    for (const [player, share] of [[p3, shares[0]], [p1, shares[1]], [p2, shares[2]], [p4, 0n]] as const) {
      const got = await gained(player);
      expect(got <= (share ?? 0n) && got > (share ?? 0n) - 100_000n, `${player.address} got ${got}, share ${share}`).toBe(true);
    }

    // Asking again — the tournaments module, the recovery loop — pays nothing more.
    const [row] = await database.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.tournamentId, cup.tournamentId));
    expect(await harness.ledger.payPrizes(row?.id ?? '')).toEqual({ paid: 0, pending: 0 });
    await harness.ledger.recover();
    const [prizeRows] = await database.db.select({ n: count() }).from(ledger).where(like(ledger.idempotencyKey, 'prize:%'));
    expect(prizeRows?.n).toBe(3);
    await expectBalanced(harness.ledger);
  });

  it('pays the prizes of a tournament that completed while the ledger was down, once, on the next start', async () => {
    const [p1, p2] = players as [MoneyPlayer, MoneyPlayer];
    const cup = await createTournament(harness.url, creator.token, createPayload(clock, { name: 'Duo Cup', maxParticipants: 4, entryFee: '0.1' }, HOUR));
    for (const player of [p1, p2]) expect((await buySeat(harness, chain, player, cup.tournamentId)).joined.status).toBe(200);
    clock.advance(HOUR);
    await harness.modules.tournaments.tick();

    // The process "dies" for money: transfers stop where they are (a written row stays pending).
    await harness.ledger.stop();
    await duel(p2, p1);
    await expect.poll(async () => (await tournamentDetail(harness.url, cup.tournamentId)).status, { timeout: 45_000 }).toBe('completed');
    const shares = prizeShares(prizePoolLamports(FEE, 2), 2);
    const waiting = await tournamentDetail(harness.url, cup.tournamentId);
    expect(waiting.placings.map((placing) => [placing.username, placing.prize?.lamports, placing.prize?.status])).toEqual([
      ['paid2', String(shares[0]), 'pending'],
      ['paid1', String(shares[1]), 'pending'],
    ]);

    // The next process's ledger finds them: what was written is resumed, what was not is paid.
    const next = createLedger({ store: createLedgerStore(database.db), chain: harness.chain, log: silentLog });
    await next.recover();
    await next.recover();
    const done = await tournamentDetail(harness.url, cup.tournamentId);
    expect(done.placings.map((placing) => placing.prize?.status)).toEqual(['paid', 'paid']);
    const [row] = await database.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.tournamentId, cup.tournamentId));
    const [prizeRows] = await database.db.select({ n: count() }).from(ledger).where(like(ledger.idempotencyKey, `prize:${row?.id}:%`));
    expect(prizeRows?.n).toBe(2);
    await expectBalanced(next);
    await next.stop();
  });
});
