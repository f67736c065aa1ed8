// docs/security.md 22, 24, 25, 26 and 32 (on one node) against a real server with real Socket.IO
// clients: who a socket is comes from its connection only; the server's clock closes a round;
// duplicated joins, starts and moves count once; what a move says beyond its action and
// prediction decides nothing; and nothing a player sends reaches the opponent before its
// round's reveal. Each test uses players of its own and plays its games to their end.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../adapters/db/schema';
import { getJson, testDatabases } from '../test-support';
import {
  type Database,
  type GameClient,
  type GameHarness,
  type Moves,
  type Player,
  FAST_TIMINGS,
  FREE_JOIN,
  READS_RIGHT,
  READS_WRONG,
  connect,
  playAlone,
  playToEnd,
  signUp,
  startGameServer,
} from '../test-support/game-server';

/** Two signed-in players in a running game, both at the start of round 1. */
interface Match {
  readonly one: GameClient;
  readonly two: GameClient;
  readonly sessionId: string;
  readonly start: ServerEventPayload<'roundStart'>;
}

describe.each(testDatabases())('live game guards on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let skewMs = 0;
  const open: GameClient[] = [];

  beforeAll(async () => {
    database = await target.open();
    // Long rounds: no round closes by its timer while a test looks at it (a loaded machine is
    // fine); every game here ends because both act at once. The bot thinks as briefly as it may.
    game = await startGameServer(database, { gameNow: () => Date.now() + skewMs, gameTimings: { ...FAST_TIMINGS, roundMs: 60_000 }, gameRandom: () => 0 });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await game?.stop();
    await database?.close();
  });

  const client = async (token?: string): Promise<GameClient> => {
    const made = await connect(game.url, token);
    open.push(made);
    return made;
  };

  async function match(first: Player, second: Player): Promise<Match> {
    const [one, two] = await Promise.all([client(first.token), client(second.token)]);
    one.emit('joinGame', FREE_JOIN(first.address));
    const waiting = await one.next('gameState');
    two.emit('joinGame', FREE_JOIN(second.address));
    const [start] = await Promise.all([one.next('roundStart'), two.next('roundStart')]);
    return { one, two, sessionId: waiting.sessionId, start };
  }

  /** After round 1 was handled by the test: both read as usual until the game is over. */
  async function finish(one: GameClient, two: GameClient): Promise<void> {
    const ends = await playToEnd(one, two, READS_RIGHT, READS_WRONG);
    expect(ends[ends.length - 1]?.gameOver).toBe(true);
  }

  it("SECURITY 22: identity comes only from the connection; a payload naming another wallet is refused and reaches no one's seat", async () => {
    const [ana, ben, cal] = await Promise.all([signUp(game.url, 'ana22'), signUp(game.url, 'ben22'), signUp(game.url, 'cal22')]);
    const { one, two, sessionId } = await match(ana, ben);
    const guest = await client();
    const stranger = await client(cal.token);

    // A guest, or another signed-in player, naming Ana's wallet: refused on every event that names one.
    for (const intruder of [guest, stranger]) {
      const attempts: [Parameters<GameClient['emit']>[0], unknown][] = [
        ['checkActiveGame', { walletAddress: ana.address }],
        ['checkActiveGames', { walletAddress: ana.address }],
        ['joinGame', FREE_JOIN(ana.address)],
        ['joinViaInvite', { inviteCode: 'some-code', selectedCharacter: 4, walletAddress: ana.address }],
        ['cancelGame', { sessionId, walletAddress: ana.address }],
      ];
      for (const [event, payload] of attempts) {
        intruder.emit(event, payload);
        expect(await intruder.next('error')).toMatchObject({ code: 'WALLET_MISMATCH', event });
      }
      // Without a wallet in the payload, the connection's own identity is used: it has no game.
      intruder.emit('checkActiveGame', {});
      expect(await intruder.next('activeGameCheck')).toEqual({ hasActiveGame: false, gameSession: null });
      intruder.emit('playerAction', READS_RIGHT);
      expect(await intruder.next('error')).toMatchObject({ code: 'NO_ACTIVE_GAME' });
    }
    // (claimReward names a wallet too: modules/ledger/claims.test.ts, SECURITY 17.)

    // Fields naming a seat or a wallet inside a move change nothing: Ana's move is Ana's.
    one.emit('playerAction', { ...READS_RIGHT, walletAddress: ben.address, slot: 'player2', player: 'player2' });
    expect(await one.next('actionConfirmed')).toMatchObject({ round: 1, ...READS_RIGHT });
    expect(two.all('actionConfirmed')).toEqual([]);
    two.emit('playerAction', { action: 'dodge', prediction: 'dodge' });
    const end = await one.next('roundEnd', (e) => e.round === 1);
    expect(end.player1).toMatchObject(READS_RIGHT);
    expect(end.player2).toMatchObject({ action: 'dodge', prediction: 'dodge' });
    await two.next('roundEnd', (e) => e.round === 1);
    await finish(one, two);
    const [row] = await database.db.select().from(games).where(eq(games.sessionId, sessionId));
    expect([row?.player1Wallet, row?.player2Wallet]).toEqual([ana.address, ben.address]);
  });

  it('SECURITY 24: a move that reaches the server after the round’s end time is refused, whatever the client says about time', async () => {
    const [dee, eli] = await Promise.all([signUp(game.url, 'dee24'), signUp(game.url, 'eli24')]);
    const { one, two, start } = await match(dee, eli);
    two.emit('playerAction', READS_WRONG);
    await two.next('actionConfirmed');

    // The server's clock passes round 1's endTime (its timer is far off). Whatever the client
    // claims about time, the move's arrival on the server's clock is what counts.
    skewMs = start.endTime - Date.now() + 1;
    const late: Moves = { action: 'hide', prediction: 'hide' };
    one.emit('playerAction', { ...late, round: start.round, clientTime: start.endTime - 1_000, sentAt: start.endTime - 1_000, endTime: start.endTime + 60_000 });
    expect(await one.next('error')).toMatchObject({ code: 'ROUND_CLOSED', event: 'playerAction', message: 'The round is closed' });
    one.emit('playerAction', late);
    expect(await one.next('error')).toMatchObject({ code: 'ROUND_CLOSED' });
    expect(one.all('actionConfirmed')).toEqual([]);

    // Back before endTime, the same round takes a move: the refused ones left no trace.
    skewMs = 0;
    one.emit('playerAction', READS_RIGHT);
    expect(await one.next('actionConfirmed')).toMatchObject({ round: start.round, ...READS_RIGHT });
    const end = await one.next('roundEnd', (e) => e.round === start.round);
    expect(end.player1).toMatchObject(READS_RIGHT);
    expect(end.player2).toMatchObject(READS_WRONG);
    await two.next('roundEnd', (e) => e.round === start.round);
    await finish(one, two);
  });

  it('SECURITY 26: a move that names its damage, the health or the winner decides nothing; the server resolves the round', async () => {
    const [kai, lou] = await Promise.all([signUp(game.url, 'kai26'), signUp(game.url, 'lou26')]);
    const { one, two, start } = await match(kai, lou);
    one.emit('playerAction', { ...READS_RIGHT, damage: 100, damageTaken: 0, player1Health: 100, player2Health: 0, health: 0, winner: 'player1', gameOver: true, roundWinner: 'player1' });
    two.emit('playerAction', { ...READS_WRONG, healingReceived: 100, player2Health: 100 });
    const end = await one.next('roundEnd', (e) => e.round === start.round);
    await two.next('roundEnd', (e) => e.round === start.round);
    // One Ghost hit lands at most 88: nobody is dead after round 1, and no one healed.
    expect(end).toMatchObject({ gameOver: false, winner: null, player1Health: 100 });
    expect(end.player2Health).toBeGreaterThan(0);
    expect(end.player2Health).toBeLessThan(100);
    expect(end.player2.healingReceived).toBe(0);
    await finish(one, two);
  });

  it('SECURITY 25: a duplicated join, start or move is idempotent: one game, one seat, one move', async () => {
    const [fay, gil, hal] = await Promise.all([signUp(game.url, 'fay25'), signUp(game.url, 'gil25'), signUp(game.url, 'hal25')]);

    // Joins repeated on two sockets of one wallet: one waiting game.
    const [f1, f2] = await Promise.all([client(fay.token), client(fay.token)]);
    for (let i = 0; i < 3; i += 1) for (const socket of [f1, f2]) socket.emit('joinGame', FREE_JOIN(fay.address));
    await expect.poll(() => f1.all('error').length + f2.all('error').length).toBe(5);
    const created = [...f1.all('gameState'), ...f2.all('gameState')];
    expect(created).toHaveLength(1);
    expect([...f1.all('error'), ...f2.all('error')].every((e) => e.code === 'ALREADY_IN_GAME')).toBe(true);
    const waiting = created[0] as ServerEventPayload<'gameState'>;
    const owner = f1.all('gameState').length === 1 ? f1 : f2;

    // The invitee's join repeated on two sockets: one seat taken, one game started.
    const [g1, g2] = await Promise.all([client(gil.token), client(gil.token)]);
    for (let i = 0; i < 2; i += 1) {
      for (const socket of [g1, g2]) socket.emit('joinViaInvite', { inviteCode: waiting.inviteCode, selectedCharacter: 4, walletAddress: gil.address });
    }
    await expect.poll(() => g1.all('joinViaInviteResult').length + g2.all('joinViaInviteResult').length).toBe(4);
    const answers = [...g1.all('joinViaInviteResult'), ...g2.all('joinViaInviteResult')];
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    const invitee = g1.all('joinViaInviteResult').some((a) => a.success) ? g1 : g2;
    const start = await owner.next('roundStart');
    await invitee.next('roundStart');
    expect(owner.all('gameState').filter((s) => s.phase === 'intro')).toHaveLength(1);

    // A move repeated five times, with different moves, at once: the first counts, alone.
    const moves: Moves[] = [READS_RIGHT, { action: 'dodge', prediction: 'hide' }, { action: 'hide', prediction: 'dodge' }, READS_WRONG, READS_RIGHT];
    for (const move of moves) owner.emit('playerAction', move);
    await expect.poll(() => owner.all('error').filter((e) => e.event === 'playerAction').length).toBe(4);
    expect(owner.all('error').filter((e) => e.event === 'playerAction').every((e) => e.code === 'ACTION_ALREADY_SENT')).toBe(true);
    const confirmed = owner.all('actionConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ round: start.round, ...READS_RIGHT });
    invitee.emit('playerAction', READS_WRONG);
    invitee.emit('playerAction', READS_WRONG);
    // The first one closed the round (both had acted): the copy finds it sent, or closed.
    expect(['ACTION_ALREADY_SENT', 'ROUND_CLOSED']).toContain((await invitee.next('error')).code);
    expect(invitee.all('actionConfirmed')).toHaveLength(1);
    const end = await owner.next('roundEnd', (e) => e.round === start.round);
    expect(end.player1).toMatchObject(READS_RIGHT);
    expect(end.player2).toMatchObject(READS_WRONG);
    await invitee.next('roundEnd', (e) => e.round === start.round);
    await finish(owner, invitee);

    // A game against the bot started three times at once: one bot, one game.
    const h = await client(hal.token);
    h.emit('joinGame', FREE_JOIN(hal.address));
    const halWaiting = await h.next('gameState');
    for (let i = 0; i < 3; i += 1) h.emit('playWithBot', { sessionId: halWaiting.sessionId });
    await expect.poll(() => h.all('playWithBotResult').length).toBe(3);
    expect(h.all('playWithBotResult').filter((a) => a.success)).toHaveLength(1);
    expect(h.all('gameState').filter((s) => s.phase === 'intro')).toHaveLength(1);
    await playAlone(h, READS_RIGHT);

    // The records: exactly one game for each of them.
    for (const player of [fay, gil, hal]) {
      const rows = await database.db.select().from(games).where(or(eq(games.player1Wallet, player.address), eq(games.player2Wallet, player.address)));
      expect(rows).toHaveLength(1);
    }
  });

  it("SECURITY 32 (one node): a player's opponent receives no move or prediction before its round's reveal, by any event or request", async () => {
    const [ivy, jon] = await Promise.all([signUp(game.url, 'ivy32'), signUp(game.url, 'jon32')]);
    const { one, two, sessionId, start } = await match(ivy, jon);
    // Ivy's move uses words nothing else in Jon's events carries before the reveal.
    const secret: Moves = { action: 'dodge', prediction: 'hide' };
    const leaks = (payload: unknown) => /"(dodge|hide)"/.test(JSON.stringify(payload));
    const seenBefore = two.received.length;

    one.emit('playerAction', secret);
    expect(await one.next('actionConfirmed')).toMatchObject({ round: start.round, ...secret });

    // Jon asks for the full state both ways, then from a new connection (a reload)…
    two.emit('checkActiveGame', { walletAddress: jon.address });
    const check = await two.next('activeGameCheck');
    two.emit('checkActiveGames', { walletAddress: jon.address });
    const result = await two.next('activeGameResult');
    expect(check.gameSession).toMatchObject({ sessionId, phase: 'round', round: start.round });
    expect(check.gameSession?.myMove).toBeUndefined();
    expect(result.gameData?.myMove).toBeUndefined();
    const reloaded = await client(jon.token);
    reloaded.emit('checkActiveGame', { walletAddress: jon.address });
    const fresh = await reloaded.next('activeGameCheck');
    expect(fresh.gameSession?.myMove).toBeUndefined();
    // …and reads the public history over HTTP.
    const history = await getJson(`${game.url}/api/games?wallet=${ivy.address}`);
    expect(history.status).toBe(200);
    expect(leaks(history.body)).toBe(false);

    // Nothing Jon's connections received so far carries Ivy's move; no confirmation went to him.
    const jonSaw = [...two.received.slice(seenBefore), ...reloaded.received];
    expect(jonSaw.length).toBeGreaterThan(0);
    expect(jonSaw.filter((r) => r.name === 'actionConfirmed')).toEqual([]);
    expect(jonSaw.filter((r) => leaks(r.raw)).map((r) => r.name)).toEqual([]);

    // The reveal: Jon acts, the round closes, and now both moves are shown to both.
    reloaded.emit('playerAction', READS_WRONG);
    const end = await reloaded.next('roundEnd', (e) => e.round === start.round);
    expect(end.player1).toMatchObject(secret);
    await one.next('roundEnd', (e) => e.round === start.round);
    two.close();
    await finish(one, reloaded);
  });
});
