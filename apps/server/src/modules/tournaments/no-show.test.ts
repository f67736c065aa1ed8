// No-shows, on the tournaments' clock (the test's): a called player not in the duel 2 minutes
// later forfeits — the one waiting goes through and their waiting game is cancelled; when neither
// showed, opponent1 goes through; a duel under way at the deadline is not forfeited, its result
// decides. A tournament decided by forfeits completes with its placings all the same.
import { describe, expect, it } from 'vitest';
import { createPayload, createTournament, fakeClock, joinTournament, tournamentDetail, type Fighter, useTournamentFighters } from '../../test-support/tournament-server';
import { type GameHarness, FREE_JOIN, GHOST, READS_RIGHT, READS_WRONG, playToEnd } from '../../test-support/game-server';
import { testDatabases } from '../../test-support';
import { DEFAULT_NO_SHOW_MS } from './match-calls';

const HOUR = 3_600_000;


describe.each(testDatabases())('no-shows on $kind', (target) => {
  let game: GameHarness;
  const clock = fakeClock();
  let fighters: Fighter[];
  useTournamentFighters(target, clock, ['ann', 'ben', 'cat', 'dan'], (suite) => ({ game, fighters } = suite));

  const joinDuel = async (fighter: Fighter, inviteCode: string) => {
    fighter.client.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress: fighter.address });
    return fighter.client.next('joinViaInviteResult');
  };
  const pastDeadline = async () => {
    clock.advance(DEFAULT_NO_SHOW_MS + 1);
    await game.modules.tournaments.tick();
  };

  it('SECURITY 31: forfeits whoever is not in the duel by the deadline, and plays on a duel under way', async () => {
    const [ann, ben, cat, dan] = fighters as [Fighter, Fighter, Fighter, Fighter];
    const cup = await createTournament(game.url, ann.token, createPayload(clock, { name: 'No-show Cup', maxParticipants: 4 }, HOUR));
    for (const fighter of fighters) await joinTournament(game.url, fighter.token, cup.tournamentId);
    clock.advance(HOUR);
    await game.modules.tournaments.tick();

    // Semi-finals ann - dan and ben - cat. Only ann shows up: she waits in her duel.
    const annCall = await ann.client.next('tournamentMatch');
    expect(annCall.opponent.walletAddress).toBe(dan.address);
    expect(await joinDuel(ann, annCall.inviteCode)).toMatchObject({ success: true });
    expect(await ann.client.next('gameState')).toMatchObject({ phase: 'waiting', inviteCode: null, canInvite: false });
    await Promise.all([ben.client.next('tournamentMatch'), cat.client.next('tournamentMatch'), dan.client.next('tournamentMatch')]);

    // One tick before the deadline changes nothing.
    clock.advance(DEFAULT_NO_SHOW_MS - 1_000);
    await game.modules.tournaments.tick();
    expect((await tournamentDetail(game.url, cup.tournamentId)).bracket?.matches.filter((match) => match.live)).toHaveLength(2);

    clock.advance(1_001);
    await game.modules.tournaments.tick();
    // Ann's waiting duel is cancelled (she is free to play again); dan forfeited to her;
    // neither ben nor cat came: cat (opponent2) forfeited, ben goes through.
    expect(await ann.client.next('gameState', (state) => state.phase === 'cancelled')).toMatchObject({ sessionId: expect.any(String) });
    const afterSemis = await tournamentDetail(game.url, cup.tournamentId);
    const semis = afterSemis.bracket?.matches.filter((match) => match.section === 'winners' && match.round === 1) ?? [];
    expect(semis.map((match) => [match.opponent1?.username, match.opponent1?.result, match.opponent2?.username, match.opponent2?.forfeit])).toEqual([
      ['ann', 'win', 'dan', true],
      ['ben', 'win', 'cat', true],
    ]);

    // The final ann - ben is called; both come and it starts; the deadline passes mid-duel.
    const [finalCall] = await Promise.all([ann.client.next('tournamentMatch'), ben.client.next('tournamentMatch')]);
    expect(finalCall.opponent.walletAddress).toBe(ben.address);
    await Promise.all([cat.client.next('tournamentMatch'), dan.client.next('tournamentMatch')]);
    await joinDuel(ben, finalCall.inviteCode);
    await joinDuel(ann, finalCall.inviteCode);
    await Promise.all([ann.client.next('gameState', (state) => state.phase === 'intro'), ben.client.next('gameState', (state) => state.phase === 'intro')]);
    // Nobody comes to the third-place match cat - dan; the final goes on.
    await pastDeadline();
    expect((await tournamentDetail(game.url, cup.tournamentId, ann.token)).myMatch).toMatchObject({ inviteCode: finalCall.inviteCode, deadline: null });
    await playToEnd(ben.client, ann.client, READS_RIGHT, READS_WRONG);

    await expect.poll(async () => (await tournamentDetail(game.url, cup.tournamentId)).status, { timeout: 45_000 }).toBe('completed');
    const done = await tournamentDetail(game.url, cup.tournamentId);
    const third = done.bracket?.matches.find((match) => match.section === 'third-place');
    expect(third?.opponent2?.forfeit).toBe(true);
    expect(done.placings.map((placing) => placing.username)).toEqual(['ben', 'ann', third?.opponent1?.username]);
    expect(done.winner?.username).toBe('ben');
    const final = done.bracket?.matches.find((match) => match.section === 'winners' && match.round === 2);
    expect(final?.opponent2).toMatchObject({ username: 'ben', result: 'win', forfeit: false });

    // Ann's cancelled waiting duel released her: she can play an ordinary game.
    ann.client.emit('joinGame', FREE_JOIN(ann.address));
    expect(await ann.client.next('gameState', (state) => state.phase === 'waiting' && state.canInvite)).toMatchObject({ player1Wallet: ann.address });
    ann.client.emit('resetGame');
  });
});
