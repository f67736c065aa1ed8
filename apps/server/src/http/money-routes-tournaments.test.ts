// A paid tournament seen from its players' money page, history, profile and the leaderboard, on
// the real server, the local chain and real databases: the entry fee and the prize each with
// their transaction; a prize counts in earnings, profit, the biggest win and both leaderboards;
// a tournament cancelled for lack of players gives its entries back with that reason.
import type { GameRecord, LeaderboardAnswer, WalletMoneyAnswer } from '@duel-dojo/protocol';
import { prizePoolLamports, prizeShares, toLamports } from '@duel-dojo/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, GHOST, READS_RIGHT, READS_WRONG, playToEnd } from '../test-support/game-server';
import { getJson, testDatabases } from '../test-support';
import { type TestChain, startTestChain } from '../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, expectBalanced, moneyPlayer } from '../test-support/money';
import { buySeat, startPaidTournamentServer } from '../test-support/paid-entries';
import { createPayload, createTournament, fakeClock, tournamentDetail } from '../test-support/tournament-server';

const HOUR = 3_600_000;
const FEE = toLamports(100_000_000n);

describe.each(testDatabases())('tournament money on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  const clock = fakeClock();
  let creator: MoneyPlayer;

  beforeAll(async () => {
    chain = await startTestChain();
    database = await target.open();
    harness = await startPaidTournamentServer(database, chain, clock);
    creator = await moneyPlayer(harness, chain, 'money_host', 100_000_000n);
  });
  afterAll(async () => {
    creator?.client.close();
    await harness?.stop();
    await database?.close();
    await chain?.stop();
  });

  const money = async (player: MoneyPlayer) => (await getJson<WalletMoneyAnswer>(`${harness.url}/api/user/${player.address}/money`, { authorization: `Bearer ${player.token}` })).body;
  const stats = async (player: MoneyPlayer) => (await getJson<{ user: { stats: Record<string, unknown> } }>(`${harness.url}/api/user/${player.address}`)).body.user.stats;
  const board = async (timeframe: 'all' | '24h') => (await getJson<LeaderboardAnswer>(`${harness.url}/api/leaderboard?type=profit&limit=20&timeframe=${timeframe}`)).body;

  it('shows the entry fee and the prize; the prize counts in earnings, profit, the biggest win and the leaderboards', async () => {
    const [winner, runnerUp] = [await moneyPlayer(harness, chain, 'cup_winner'), await moneyPlayer(harness, chain, 'cup_second')];
    const cup = await createTournament(harness.url, creator.token, createPayload(clock, { name: 'Money Cup', maxParticipants: 4, entryFee: '0.1' }, HOUR));
    const entries = new Map<MoneyPlayer, string>();
    for (const player of [winner, runnerUp]) {
      const seat = await buySeat(harness, chain, player, cup.tournamentId, GHOST);
      expect(seat.joined.status).toBe(200);
      entries.set(player, seat.signature);
    }
    clock.advance(HOUR);
    await harness.modules.tournaments.tick();

    const [call] = await Promise.all([winner.client.next('tournamentMatch'), runnerUp.client.next('tournamentMatch')]);
    for (const player of [runnerUp, winner]) {
      player.client.emit('joinViaInvite', { inviteCode: call.inviteCode, selectedCharacter: GHOST, walletAddress: player.address });
      expect(await player.client.next('joinViaInviteResult')).toMatchObject({ success: true });
    }
    await playToEnd(winner.client, runnerUp.client, READS_RIGHT, READS_WRONG);
    await expect.poll(async () => (await tournamentDetail(harness.url, cup.tournamentId)).placings.map((placing) => placing.prize?.status), { timeout: 45_000 }).toEqual(['paid', 'paid']);
    const [first = 0n, second = 0n] = prizeShares(prizePoolLamports(FEE, 2), 2);

    const page = await money(winner);
    expect(page.movements.map((m) => [m.kind, m.direction, m.lamports, m.status, m.tournamentId])).toEqual([
      ['prize', 'in', first.toString(), 'confirmed', cup.tournamentId],
      ['tournamentEntry', 'out', FEE.toString(), 'confirmed', cup.tournamentId],
    ]);
    expect(page.movements[0]?.transactionSignature).toEqual(expect.any(String));
    expect(page.movements[1]?.transactionSignature).toBe(entries.get(winner));
    expect(page.totals).toEqual({ inLamports: first.toString(), outLamports: FEE.toString(), netLamports: (first - FEE).toString() });
    expect((await money(runnerUp)).movements.map((m) => [m.kind, m.lamports])).toEqual([
      ['prize', second.toString()],
      ['tournamentEntry', FEE.toString()],
    ]);

    // The duel was free: every lamport of these figures is the prize.
    expect(await stats(winner)).toMatchObject({ totalEarnings: first.toString(), biggestWin: first.toString(), totalLosses: '0', totalMatches: 1, wins: 1 });
    expect(await stats(runnerUp)).toMatchObject({ totalEarnings: second.toString(), biggestWin: second.toString(), totalMatches: 1, losses: 1 });
    for (const timeframe of ['all', '24h'] as const) {
      const answer = await board(timeframe);
      expect(answer.leaderboard.map((entry) => [entry.walletAddress, entry.totalProfit, entry.totalMatches]), timeframe).toEqual([
        [winner.address, first.toString(), 1],
        [runnerUp.address, second.toString(), 1],
      ]);
      expect(answer.stats, timeframe).toMatchObject({ totalFighters: 2, highestWinnings: first.toString(), totalMatches: 1 });
    }

    // The history marks the bracket match.
    const played = (await getJson<{ games: GameRecord[] }>(`${harness.url}/api/games?wallet=${winner.address}`)).body.games;
    expect(played.map((game) => [game.sessionId, game.tournamentId, game.stakePaidLamports, game.refunded])).toEqual([[expect.any(String), cup.tournamentId, '0', false]]);
    await expectBalanced(harness.ledger);
    for (const player of [winner, runnerUp]) player.client.close();
  });

  it('gives back the entries of a tournament cancelled for lack of players, with that reason', async () => {
    const alone = await moneyPlayer(harness, chain, 'cup_alone');
    const cup = await createTournament(harness.url, creator.token, createPayload(clock, { name: 'Empty Cup', maxParticipants: 4, entryFee: '0.1' }, HOUR));
    const seat = await buySeat(harness, chain, alone, cup.tournamentId);
    expect(seat.joined.status).toBe(200);
    clock.advance(HOUR);
    await harness.modules.tournaments.tick();
    const refunded = async () => {
      await harness.ledger.recover();
      return (await money(alone)).movements.map((m) => [m.kind, m.direction, m.lamports, m.status, m.reason, m.tournamentId]);
    };
    await expect.poll(refunded, { timeout: 45_000 }).toEqual([
      ['refund', 'in', FEE.toString(), 'confirmed', 'tournamentCancelled', cup.tournamentId],
      ['tournamentEntry', 'out', FEE.toString(), 'confirmed', null, cup.tournamentId],
    ]);
    expect((await money(alone)).totals.netLamports).toBe('0');
    // A refund is no winnings.
    expect(await stats(alone)).toMatchObject({ totalEarnings: '0', totalMatches: 0 });
    await expectBalanced(harness.ledger);
    alone.client.close();
  });
});
