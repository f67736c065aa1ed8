// When a match is called again, and when a draw stands: an elimination duel that ends in a draw
// is called again with a new invite code; a round robin records the draw; a server restart voids
// the calls whose duels lived in the old process and calls those matches again.
import type { ServerEventPayload, TournamentDetail } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { createPayload, createTournament, fakeClock, joinTournament, startTournamentServer, tournamentDetail, type Fighter, useTournamentFighters } from '../../test-support/tournament-server';
import { type Database, type GameHarness, type Moves, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd } from '../../test-support/game-server';
import { testDatabases } from '../../test-support';

const HOUR = 3_600_000;
/** Both heal every round: equal health to the end, a draw (rules' sudden death ends it). */
const HEALS: Moves = { action: 'hide', prediction: 'hide' };


describe.each(testDatabases())('matches called again on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  const clock = fakeClock();
  let fighters: Fighter[];
  useTournamentFighters(target, clock, ['kai', 'lea', 'max'], (suite) => ({ database, game, fighters } = suite));

  async function startCup(format: 'single-elimination' | 'round-robin', players: readonly Fighter[]): Promise<string> {
    const cup = await createTournament(game.url, players[0]?.token ?? '', createPayload(clock, { format, maxParticipants: 4 }, HOUR));
    for (const fighter of players) await joinTournament(game.url, fighter.token, cup.tournamentId, GHOST);
    clock.advance(HOUR);
    await game.modules.tournaments.tick();
    return cup.tournamentId;
  }

  /** The next call of both to one duel; a notice repeated (on connect) for a code already seen is skipped. */
  const seen = new Set<string>();
  async function called(one: Fighter, two: Fighter): Promise<ServerEventPayload<'tournamentMatch'>> {
    const fresh = (notice: ServerEventPayload<'tournamentMatch'>) => !seen.has(notice.inviteCode);
    const [call, other] = await Promise.all([one.client.next('tournamentMatch', fresh), two.client.next('tournamentMatch', fresh)]);
    expect(other.inviteCode).toBe(call.inviteCode);
    seen.add(call.inviteCode);
    return call;
  }

  async function fight(one: Fighter, two: Fighter, inviteCode: string, moves: [Moves, Moves]): Promise<ServerEventPayload<'roundEnd'>> {
    for (const fighter of [one, two]) {
      fighter.client.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: fighter.address });
      expect(await fighter.client.next('joinViaInviteResult')).toMatchObject({ success: true });
    }
    const ends = await playToEnd(one.client, two.client, ...moves);
    return ends[ends.length - 1] as ServerEventPayload<'roundEnd'>;
  }

  it('calls an elimination duel again after a draw, with a new code', async () => {
    const [kai, lea] = fighters as [Fighter, Fighter];
    const id = await startCup('single-elimination', [kai, lea]);
    const first = await called(kai, lea);
    expect(await fight(kai, lea, first.inviteCode, [HEALS, HEALS])).toMatchObject({ gameOver: true, winner: 'draw' });
    const again = await called(kai, lea);
    expect(again.inviteCode).not.toBe(first.inviteCode);
    expect(again.matchId).toBe(first.matchId);
    const between = await tournamentDetail(game.url, id, kai.token);
    expect(between.bracket?.matches[0]).toMatchObject({ status: 'ready', live: true });
    expect(between.myMatch?.inviteCode).toBe(again.inviteCode);
    await fight(lea, kai, again.inviteCode, [READS_RIGHT, READS_WRONG]);
    await expect.poll(async () => (await tournamentDetail(game.url, id)).winner?.username, { timeout: 45_000 }).toBe('lea');
    expect((await tournamentDetail(game.url, id)).placings.map((placing) => placing.username)).toEqual(['lea', 'kai']);
  });

  it('records a round-robin draw, and calls a match again after a restart', async () => {
    const [kai, lea, max] = fighters as [Fighter, Fighter, Fighter];
    const id = await startCup('round-robin', [kai, lea, max]);
    const byId = new Map(fighters.map((fighter) => [fighter.userId, fighter]));
    type Match = NonNullable<TournamentDetail['bracket']>['matches'][number];
    /** The one live match not among `done` (results are applied, and the next match called, just after a duel). */
    async function nextLive(done: ReadonlySet<number>): Promise<{ match: Match; players: [Fighter, Fighter] }> {
      let found: Match | undefined;
      await expect
        .poll(async () => {
          found = (await tournamentDetail(game.url, id)).bracket?.matches.find((match) => match.live && !done.has(match.matchId));
          return found !== undefined;
        }, { timeout: 45_000 })
        .toBe(true);
      const match = found as Match;
      return { match, players: [byId.get(match.opponent1?.participantId ?? '') as Fighter, byId.get(match.opponent2?.participantId ?? '') as Fighter] };
    }
    const done = new Set<number>();

    // Three players: one match a round, one player sits out (a BYE).
    const start = await tournamentDetail(game.url, id);
    expect(start.bracket?.type).toBe('round-robin');
    expect(start.bracket?.matches).toHaveLength(3);
    expect(start.bracket?.matches.filter((match) => match.live)).toHaveLength(1);
    const first = await nextLive(done);
    const firstCall = await called(...first.players);
    expect(await fight(...first.players, firstCall.inviteCode, [HEALS, HEALS])).toMatchObject({ winner: 'draw' });
    done.add(first.match.matchId);

    // The next match is called; the server restarts before anyone joins it.
    const second = await nextLive(done);
    const drawn = (await tournamentDetail(game.url, id)).bracket?.matches.find((match) => match.matchId === first.match.matchId);
    expect([drawn?.opponent1?.result, drawn?.opponent2?.result]).toEqual(['draw', 'draw']);
    const lostCall = await called(...second.players);
    for (const fighter of fighters) fighter.client.close();
    await game.stop();
    game = await startTournamentServer(database, clock);
    // The new process voided the old call and called the match again; its players hear it on connecting.
    for (const fighter of fighters) fighter.client = await connect(game.url, fighter.token);
    const recall = await called(...second.players);
    expect(recall.matchId).toBe(lostCall.matchId);
    expect(recall.inviteCode).not.toBe(lostCall.inviteCode);
    await fight(...second.players, recall.inviteCode, [READS_RIGHT, READS_WRONG]);
    done.add(second.match.matchId);

    const third = await nextLive(done);
    const thirdCall = await called(...third.players);
    await fight(...third.players, thirdCall.inviteCode, [READS_RIGHT, READS_WRONG]);
    await expect.poll(async () => (await tournamentDetail(game.url, id)).status, { timeout: 45_000 }).toBe('completed');
    const finished = await tournamentDetail(game.url, id);
    expect(finished.placings).toHaveLength(3);
    expect(finished.bracket?.matches.every((match) => match.status === 'completed')).toBe(true);
  });
});
