// docs/security.md 31, the loophole as it was found, over real sockets on a real server and database:
// the waiting screen of a called tournament match offered Play with Bot, the server accepted it,
// and the player who never came lost to the bot's game. Now the player who came cannot bring the
// bot in, cannot cancel their way out, and finds the same match again after leaving its screen
// or reloading ("Fight now" once more); the match is decided by the two players, or by forfeit.
import { describe, expect, it } from 'vitest';
import { createPayload, createTournament, fakeClock, joinTournament, tournamentDetail, type Fighter, useTournamentFighters } from '../../test-support/tournament-server';
import { type GameClient, GHOST, READS_RIGHT, READS_WRONG, connect, playToEnd } from '../../test-support/game-server';
import { getJson, testDatabases } from '../../test-support';
import { DEFAULT_NO_SHOW_MS } from './match-calls';

const HOUR = 3_600_000;

interface HistoryGame {
  readonly sessionId: string;
  readonly player2: string | null;
  readonly player1Wallet: string | null;
  readonly player2Wallet: string | null;
}

describe.each(testDatabases())('a called tournament match on $kind', (target) => {
  const clock = fakeClock();
  let url = '';
  let tick: () => Promise<void> = async () => undefined;
  let fighters: Fighter[] = [];
  useTournamentFighters(target, clock, ['ana', 'ben', 'cid', 'dot'], (suite) => {
    url = suite.game.url;
    tick = () => suite.game.modules.tournaments.tick();
    fighters = suite.fighters;
  });

  const joinDuel = async (client: GameClient, inviteCode: string, walletAddress: string) => {
    client.emit('joinViaInvite', { inviteCode, selectedCharacter: GHOST, walletAddress });
    return client.next('joinViaInviteResult');
  };

  /** A two-player cup started at once: both are called to its one match. */
  async function calledMatch(first: Fighter, second: Fighter, name: string) {
    const cup = await createTournament(url, first.token, createPayload(clock, { name, maxParticipants: 4 }, HOUR));
    for (const fighter of [first, second]) await joinTournament(url, fighter.token, cup.tournamentId, GHOST);
    clock.advance(HOUR);
    await tick();
    const [call] = await Promise.all([first.client.next('tournamentMatch'), second.client.next('tournamentMatch')]);
    return { cup, call };
  }

  /** The waiting player's socket goes away and a new one connects (a reload). */
  async function reload(fighter: Fighter): Promise<GameClient> {
    fighter.client.close();
    fighter.client = await connect(url, fighter.token);
    return fighter.client;
  }

  it('refuses the bot and Cancel in a called match; a reload and "Fight now" lead back to it; the two play it', async () => {
    const [ana, ben] = fighters as [Fighter, Fighter];
    const { cup, call } = await calledMatch(ana, ben, 'Loophole Cup');

    // Ana follows "Fight now": the waiting screen of the match.
    expect(await joinDuel(ana.client, call.inviteCode, ana.address)).toMatchObject({ success: true, betAmount: 'Free!' });
    const waiting = await ana.client.next('gameState', (state) => state.phase === 'waiting');
    expect(waiting).toMatchObject({ canInvite: false, inviteCode: null, vsBot: false, player2: null });

    // The loophole: Play with Bot from that screen. Refused, and the match still waits for Ben.
    ana.client.emit('playWithBot', { sessionId: waiting.sessionId });
    expect(await ana.client.next('playWithBotResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_BOT' });
    // Cancel would walk her out of it (and hand Ben the forfeit): refused too.
    ana.client.emit('cancelGame', { sessionId: waiting.sessionId, walletAddress: ana.address });
    expect(await ana.client.next('cancelGameResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_CANCEL', sessionId: waiting.sessionId });
    // Nor can a waiting match be resigned or claimed: there is no game to end yet.
    ana.client.emit('resign', { sessionId: waiting.sessionId });
    expect(await ana.client.next('error')).toMatchObject({ event: 'resign', code: 'GAME_NOT_RUNNING' });
    ana.client.emit('claimVictory', { sessionId: waiting.sessionId });
    expect(await ana.client.next('error')).toMatchObject({ event: 'claimVictory', code: 'GAME_NOT_RUNNING' });
    // Leaving the screen (resetGame) keeps her seat.
    ana.client.emit('resetGame');

    // A reload: the new socket is told the call again and finds the same waiting match.
    const again = await reload(ana);
    expect((await again.next('tournamentMatch')).inviteCode).toBe(call.inviteCode);
    again.emit('checkActiveGames', { walletAddress: ana.address });
    expect((await again.next('activeGameResult')).gameData).toMatchObject({ sessionId: waiting.sessionId, phase: 'waiting', player2: null, vsBot: false });
    again.emit('playWithBot', { sessionId: waiting.sessionId });
    expect(await again.next('playWithBotResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_BOT' });

    // "Fight now" once more, from yet another socket: back into the same match, not "your own game".
    const third = await reload(ana);
    expect(await joinDuel(third, call.inviteCode, ana.address)).toMatchObject({ success: true });
    expect(await third.next('gameState')).toMatchObject({ sessionId: waiting.sessionId, phase: 'waiting', player1: third.id });
    expect(third.all('roundStart')).toEqual([]);

    // Ben comes: the two of them fight it, and the game decides the cup.
    expect(await joinDuel(ben.client, call.inviteCode, ben.address)).toMatchObject({ success: true });
    expect(await third.next('gameState', (state) => state.phase === 'intro')).toMatchObject({ sessionId: waiting.sessionId, vsBot: false, player2Wallet: ben.address });
    // Mid-duel "Fight now" is a rejoin too.
    expect(await joinDuel(ben.client, call.inviteCode, ben.address)).toMatchObject({ success: true });
    const ends = await playToEnd(third, ben.client, READS_RIGHT, READS_WRONG);
    expect(ends.at(-1)).toMatchObject({ gameOver: true, winner: 'player1' });
    await expect.poll(async () => (await tournamentDetail(url, cup.tournamentId)).status, { timeout: 45_000 }).toBe('completed');
    const done = await tournamentDetail(url, cup.tournamentId);
    expect(done.winner?.username).toBe('ana');
    const history = await getJson<{ games: HistoryGame[] }>(`${url}/api/games?wallet=${ana.address}`);
    expect(history.body.games).toHaveLength(1);
    expect(history.body.games[0]).toMatchObject({ sessionId: waiting.sessionId, player1Wallet: ana.address, player2Wallet: ben.address });
    expect(history.body.games[0]?.player2).not.toBe('bot');

    // A bracket match has no rematch; an ordinary duel of the same two, played now, has one.
    third.emit('requestRematch', { sessionId: waiting.sessionId, walletAddress: ana.address });
    expect(await third.next('rematchResult')).toMatchObject({ success: false, code: 'REMATCH_NOT_AVAILABLE' });
    third.emit('joinGame', { selectedCharacter: GHOST, betAmount: 'Free!', walletAddress: ana.address });
    const friendly = await third.next('gameState', (state) => state.phase === 'waiting');
    ben.client.emit('joinGame', { selectedCharacter: GHOST, betAmount: 'Free!', walletAddress: ben.address });
    await playToEnd(third, ben.client, READS_RIGHT, READS_WRONG);
    await third.next('gameState', (state) => state.sessionId === friendly.sessionId && state.gameOver);
    third.emit('requestRematch', { sessionId: friendly.sessionId, walletAddress: ana.address });
    expect(await third.next('rematchResult', (answer) => answer.sessionId === friendly.sessionId)).toMatchObject({ success: true, started: false });
    third.emit('resetGame');
  });

  it('decides a no-show by forfeit, never by a bot game, after the one who came left the screen and reloaded', async () => {
    const [, , cid, dot] = fighters as [Fighter, Fighter, Fighter, Fighter];
    const { cup, call } = await calledMatch(cid, dot, 'No-show Cup');
    expect(await joinDuel(cid.client, call.inviteCode, cid.address)).toMatchObject({ success: true });
    const waiting = await cid.client.next('gameState', (state) => state.phase === 'waiting');
    cid.client.emit('resetGame');
    const again = await reload(cid);
    again.emit('playWithBot', { sessionId: waiting.sessionId });
    expect(await again.next('playWithBotResult')).toMatchObject({ success: false, code: 'TOURNAMENT_MATCH_NO_BOT' });
    again.emit('checkActiveGames', { walletAddress: cid.address });
    expect((await again.next('activeGameResult')).gameData).toMatchObject({ sessionId: waiting.sessionId, phase: 'waiting' });

    // Dot never comes: at the deadline Cid, who was waiting, goes through; no game decided it.
    clock.advance(DEFAULT_NO_SHOW_MS + 1);
    await tick();
    await again.next('gameState', (state) => state.phase === 'cancelled');
    await expect.poll(async () => (await tournamentDetail(url, cup.tournamentId)).status, { timeout: 45_000 }).toBe('completed');
    const final = (await tournamentDetail(url, cup.tournamentId)).bracket?.matches.find((match) => match.section === 'winners');
    expect([final?.opponent1?.username, final?.opponent1?.result, final?.opponent2?.username, final?.opponent2?.forfeit]).toEqual(['cid', 'win', 'dot', true]);
    expect(again.all('roundStart')).toEqual([]);
    for (const fighter of [cid, dot]) {
      const history = await getJson<{ games: unknown[] }>(`${url}/api/games?wallet=${fighter.address}`);
      expect(history.body.games).toEqual([]);
    }
  });
});
