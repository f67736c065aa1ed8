// docs/security.md 31 over real sockets, on a real server and database: a tournament duel is reserved
// for its two players. Nobody else gets in (a signed-in stranger with the private code, a guest,
// the ordinary queue), it never shows an invite code, and the player who came cannot fill the
// absent one's seat with the bot. The absent one loses by the no-show forfeit, and no game of
// any kind is recorded for the duel.
import { describe, expect, it } from 'vitest';
import { createPayload, createTournament, fakeClock, joinTournament, tournamentDetail, type Fighter, useTournamentFighters } from '../../test-support/tournament-server';
import { type GameClient, type GameHarness, FREE_JOIN, GHOST, connect } from '../../test-support/game-server';
import { getJson, testDatabases } from '../../test-support';
import { DEFAULT_NO_SHOW_MS } from './match-calls';

const HOUR = 3_600_000;


describe.each(testDatabases())('reserved tournament duels on $kind', (target) => {
  let game: GameHarness;
  const clock = fakeClock();
  let fighters: Fighter[];
  useTournamentFighters(target, clock, ['rex', 'sam', 'tom'], (suite) => ({ game, fighters } = suite));

  const joinDuel = async (client: GameClient, inviteCode: string, walletAddress: string | null) => {
    client.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress });
    return client.next('joinViaInviteResult');
  };

  it('SECURITY 31: only its two players get in (no stranger, no guest, no queue, no invite code, no bot); the no-show loses by forfeit', async () => {
    const [rex, sam, tom] = fighters as [Fighter, Fighter, Fighter];
    const cup = await createTournament(game.url, tom.token, createPayload(clock, { name: 'Reserved Cup', maxParticipants: 4 }, HOUR));
    for (const fighter of [rex, sam]) await joinTournament(game.url, fighter.token, cup.tournamentId, GHOST);
    clock.advance(HOUR);
    await game.modules.tournaments.tick();

    const [call] = await Promise.all([rex.client.next('tournamentMatch'), sam.client.next('tournamentMatch')]);
    expect(call.opponent.walletAddress).toBe(sam.address);
    expect(tom.client.all('tournamentMatch')).toEqual([]);

    // A stranger holding the private code, and a guest holding it, are refused before anyone came…
    expect(await joinDuel(tom.client, call.inviteCode, tom.address)).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND' });
    const guest = await connect(game.url);
    try {
      expect(await joinDuel(guest, call.inviteCode, null)).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND' });

      // Rex comes: his waiting duel offers no invite code to pass on.
      expect(await joinDuel(rex.client, call.inviteCode, rex.address)).toMatchObject({ success: true, betAmount: 'Free!' });
      const waiting = await rex.client.next('gameState');
      expect(waiting).toMatchObject({ phase: 'waiting', inviteCode: null, canInvite: false, vsBot: false });

      // …and after: the code, the free queue and the bot do not reach his seat.
      expect(await joinDuel(tom.client, call.inviteCode, tom.address)).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND' });
      expect(await joinDuel(guest, call.inviteCode, null)).toMatchObject({ success: false, code: 'INVITE_NOT_FOUND' });
      tom.client.emit('joinGame', FREE_JOIN(tom.address));
      const tomsOwn = await tom.client.next('gameState');
      expect(tomsOwn).toMatchObject({ phase: 'waiting', player1Wallet: tom.address, player2: null });
      expect(tomsOwn.sessionId).not.toBe(waiting.sessionId);
      tom.client.emit('resetGame');
      await tom.client.next('gameState', (state) => state.phase === 'cancelled');
      tom.client.emit('playWithBot', { sessionId: waiting.sessionId });
      expect(await tom.client.next('playWithBotResult')).toMatchObject({ success: false, code: 'ADD_BOT_FAILED' });
      rex.client.emit('playWithBot', { sessionId: waiting.sessionId });
      expect(await rex.client.next('playWithBotResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_BOT' });
      rex.client.emit('checkActiveGame', { walletAddress: rex.address });
      expect((await rex.client.next('activeGameCheck')).gameSession).toMatchObject({ sessionId: waiting.sessionId, phase: 'waiting', player2: null, vsBot: false });
      expect(rex.client.all('roundStart')).toEqual([]);
    } finally {
      guest.close();
    }

    // Sam never comes: at the deadline he forfeits, Rex goes through, and the cup is decided so.
    clock.advance(DEFAULT_NO_SHOW_MS + 1);
    await game.modules.tournaments.tick();
    await rex.client.next('gameState', (state) => state.phase === 'cancelled');
    await expect.poll(async () => (await tournamentDetail(game.url, cup.tournamentId)).status, { timeout: 45_000 }).toBe('completed');
    const done = await tournamentDetail(game.url, cup.tournamentId);
    const final = done.bracket?.matches.find((match) => match.section === 'winners');
    expect([final?.opponent1?.username, final?.opponent1?.result, final?.opponent1?.forfeit]).toEqual(['rex', 'win', false]);
    expect([final?.opponent2?.username, final?.opponent2?.forfeit]).toEqual(['sam', true]);
    expect(done.winner?.username).toBe('rex');
    // No game decided it: neither player has a battle in the history.
    for (const fighter of [rex, sam]) {
      const history = await getJson<{ games: unknown[] }>(`${game.url}/api/games?wallet=${fighter.address}`);
      expect(history.body.games).toEqual([]);
    }
  });
});
