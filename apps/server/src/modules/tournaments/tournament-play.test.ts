// A 4-player single elimination played to its winner by real socket.io clients on a real server
// and database: at the start date (the test's clock) the semi-finals are called (tournamentMatch
// to each player, myMatch in the detail), both players join with the private invite code and
// fight; results advance the bracket; the final and the third-place match follow; the winner and
// the placings are recorded and the tournament is completed; its fighters earn Tournament Fighter.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayload, createTournament, fakeClock, joinTournament, startTournamentServer, tournamentDetail } from '../../test-support/tournament-server';
import { type Database, type GameClient, type GameHarness, type Player, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd, signUp } from '../../test-support/game-server';
import { testDatabases } from '../../test-support';

const HOUR = 3_600_000;

interface Fighter extends Player {
  readonly client: GameClient;
}

describe.each(testDatabases())('a single elimination played on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  const clock = fakeClock();
  let fighters: Fighter[];
  let outsider: Fighter;

  beforeAll(async () => {
    database = await target.open();
    game = await startTournamentServer(database, clock);
    const players = await Promise.all(['seed1', 'seed2', 'seed3', 'seed4', 'outsider'].map((name) => signUp(game.url, name)));
    const clients = await Promise.all(players.map((player) => connect(game.url, player.token)));
    const all = players.map((player, index) => ({ ...player, client: clients[index] as GameClient }));
    fighters = all.slice(0, 4);
    outsider = all[4] as Fighter;
  });
  afterAll(async () => {
    for (const fighter of [...(fighters ?? []), outsider]) fighter?.client.close();
    await game?.stop();
    await database?.close();
  });

  const joinDuel = async (fighter: Fighter, inviteCode: string) => {
    fighter.client.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: fighter.address });
    return fighter.client.next('joinViaInviteResult');
  };

  /** Both are called to the same duel; `winner` reads right, `loser` wrong. */
  async function duel(winner: Fighter, loser: Fighter): Promise<ServerEventPayload<'tournamentMatch'>> {
    const [call, other] = await Promise.all([winner.client.next('tournamentMatch'), loser.client.next('tournamentMatch')]);
    expect(other.inviteCode).toBe(call.inviteCode);
    expect(call.opponent.walletAddress).toBe(loser.address);
    expect(other.opponent.walletAddress).toBe(winner.address);
    expect(await joinDuel(loser, call.inviteCode)).toMatchObject({ success: true, betAmount: 'Free!' });
    expect(await joinDuel(winner, call.inviteCode)).toMatchObject({ success: true });
    const ends = await playToEnd(winner.client, loser.client, READS_RIGHT, READS_WRONG);
    expect(ends[ends.length - 1]?.gameOver).toBe(true);
    return call;
  }

  it('plays semi-finals, final and third-place match to the winner and placings', async () => {
    const [seed1, seed2, seed3, seed4] = fighters as [Fighter, Fighter, Fighter, Fighter];
    const cup = await createTournament(game.url, outsider.token, createPayload(clock, { name: 'Socket Cup', maxParticipants: 4 }, HOUR));
    for (const fighter of fighters) await joinTournament(game.url, fighter.token, cup.tournamentId, GHOST);
    clock.advance(HOUR);
    await game.modules.tournaments.tick();

    const started = await tournamentDetail(game.url, cup.tournamentId, seed1.token);
    expect(started.status).toBe('active');
    const semis = started.bracket?.matches.filter((match) => match.section === 'winners' && match.round === 1) ?? [];
    expect(semis.map((match) => [match.opponent1?.participantId, match.opponent2?.participantId])).toEqual([
      [seed1.userId, seed4.userId],
      [seed2.userId, seed3.userId],
    ]);
    expect(semis.every((match) => match.live && match.status === 'ready')).toBe(true);
    expect(started.myMatch).toMatchObject({ tournamentId: cup.tournamentId, opponent: { walletAddress: seed4.address }, deadline: clock.now() + 120_000 });

    // The code is private to its two players.
    const code = started.myMatch?.inviteCode ?? '';
    expect(await joinDuel(outsider, code)).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND' });
    expect((await tournamentDetail(game.url, cup.tournamentId, outsider.token)).myMatch).toBeNull();

    // Semi-finals at once: seed1 beats seed4, seed3 upsets seed2.
    await Promise.all([duel(seed1, seed4), duel(seed3, seed2)]);
    // Final seed1 - seed3 and third place seed4 - seed2, at once; seed3 takes the cup.
    await Promise.all([duel(seed3, seed1), duel(seed2, seed4)]);

    await expect.poll(async () => (await tournamentDetail(game.url, cup.tournamentId)).status, { timeout: 45_000 }).toBe('completed');
    const done = await tournamentDetail(game.url, cup.tournamentId, seed3.token);
    expect(done.winner).toEqual({ username: 'seed3', displayName: expect.any(String) });
    expect(done.placings.map((placing) => [placing.place, placing.username])).toEqual([
      [1, 'seed3'],
      [2, 'seed1'],
      [3, 'seed2'],
    ]);
    expect(done.myMatch).toBeNull();
    const matches = done.bracket?.matches ?? [];
    expect(matches.map((match) => match.section)).toEqual(['winners', 'winners', 'third-place', 'winners']);
    expect(matches.every((match) => match.status === 'completed' || match.status === 'archived')).toBe(true);
    const final = matches.find((match) => match.section === 'winners' && match.round === 2);
    expect(final?.opponent1).toMatchObject({ participantId: seed1.userId, result: 'loss', score: 0, forfeit: false });
    expect(final?.opponent2).toMatchObject({ participantId: seed3.userId, result: 'win', forfeit: false });
    expect(final?.opponent2?.score).toBeGreaterThan(0);
    expect(matches.some((match) => match.live)).toBe(false);

    // The duels are ordinary game records, in each player's history.
    const history = (await (await fetch(`${game.url}/api/games?wallet=${seed3.address}`)).json()) as { games: unknown[] };
    expect(history.games).toHaveLength(2);

    // Fighting a tournament match earns Tournament Fighter; hosting one does not.
    const profileOf = async (fighter: Fighter) =>
      ((await (await fetch(`${game.url}/api/user/${fighter.address}`)).json()) as { user: { stats: { tournamentMatchesPlayed: number }; achievements: string[] } }).user;
    const champion = await profileOf(seed3);
    expect(champion.stats.tournamentMatchesPlayed).toBe(2);
    expect(champion.achievements).toContain('tournament-fighter');
    const host = await profileOf(outsider);
    expect(host.stats.tournamentMatchesPlayed).toBe(0);
    expect(host.achievements).not.toContain('tournament-fighter');
  });
});
