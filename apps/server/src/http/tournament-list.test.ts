// The tournament list as a player reads it, over real HTTP and databases: sortBy=status puts
// what can still be joined first (soonest start first), then full ones, then those under way,
// then the past (latest first); member={wallet} finds what the wallet joined or created, so a
// host who has not joined still finds their tournament under My Tournaments.
import { type Tournament, tournamentListAnswer } from '@duel-dojo/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournaments } from '../adapters/db/schema';
import { type Database, type GameHarness, type Player, signUp } from '../test-support/game-server';
import { testDatabases } from '../test-support';
import { type FakeClock, call, createPayload, createTournament, fakeClock, joinTournament, startTournamentServer } from '../test-support/tournament-server';

const HOUR = 3_600_000;

describe.each(testDatabases())('tournament list order and My Tournaments on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let clock: FakeClock;
  let players: Player[];
  let host: Player;

  const list = async (query: string): Promise<Tournament[]> => {
    const answer = await call<{ tournaments: Tournament[] }>(game.url, 'GET', `/api/tournaments${query}`);
    expect(answer.status, query).toBe(200);
    expect(tournamentListAnswer.safeParse(answer.body).success).toBe(true);
    return answer.body.tournaments;
  };

  beforeAll(async () => {
    database = await target.open();
    clock = fakeClock();
    game = await startTournamentServer(database, clock);
    players = await Promise.all(['alice', 'bob', 'carol', 'dave', 'erin'].map((name) => signUp(game.url, name)));
    host = players[4] as Player;
    const [alice, bob] = players as [Player, Player];
    // Two that start within the hour: one goes under way, one is cancelled (nobody came).
    await createTournament(game.url, alice.token, createPayload(clock, { name: 'Empty Cup' }, HOUR));
    const running = await createTournament(game.url, alice.token, createPayload(clock, { name: 'Running Cup' }, HOUR));
    const done = await createTournament(game.url, alice.token, createPayload(clock, { name: 'Done Cup' }, 30 * 60_000));
    for (const player of [alice, bob]) await joinTournament(game.url, player.token, running.tournamentId);
    clock.advance(HOUR);
    await game.modules.tournaments.tick();
    // A finished one, started before the cancelled one: the past reads latest first.
    await database.db.update(tournaments).set({ status: 'completed' }).where(eq(tournaments.tournamentId, done.tournamentId));
    // Created before the open ones, so creation order cannot explain the result.
    const full = await createTournament(game.url, alice.token, createPayload(clock, { name: 'Full Cup', maxParticipants: 4 }, 2 * HOUR));
    for (const player of players.slice(0, 4)) await joinTournament(game.url, player.token, full.tournamentId);
    await createTournament(game.url, bob.token, createPayload(clock, { name: 'Later Cup' }, 5 * HOUR));
    await createTournament(game.url, host.token, createPayload(clock, { name: 'Hosted Cup' }, 3 * HOUR));
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('lists joinable tournaments first, soonest first, then full, then under way, then past', async () => {
    const shown = await list('?sortBy=status&limit=50');
    expect(shown.map((t) => [t.name, t.status])).toEqual([
      ['Hosted Cup', 'upcoming'],
      ['Later Cup', 'upcoming'],
      ['Full Cup', 'upcoming'],
      ['Running Cup', 'active'],
      ['Empty Cup', 'cancelled'],
      ['Done Cup', 'completed'],
    ]);
    expect((await list('?sortBy=status&limit=2&offset=2')).map((t) => t.name)).toEqual(['Full Cup', 'Running Cup']);
  });

  it('finds the tournaments a wallet created or joined under member, joined only under participant', async () => {
    expect((await list(`?member=${host.address}&sortBy=status`)).map((t) => t.name)).toEqual(['Hosted Cup']);
    expect(await list(`?participant=${host.address}`)).toEqual([]);
    const bob = players[1] as Player;
    expect((await list(`?member=${bob.address}&sortBy=status`)).map((t) => t.name)).toEqual(['Later Cup', 'Full Cup', 'Running Cup']);
  });
});
