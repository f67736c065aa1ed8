// What the socket layer refuses before any game logic runs (docs/security.md 21-23): a bad token at
// the handshake, a payload wallet that is not the token's, malformed payloads, and floods.
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support';
import { type Database, type GameHarness, type Player, FREE_JOIN, connect, signUp, startGameServer } from '../test-support/game-server';

describe.each(testDatabases())('socket guards on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let frank: Player;
  let gina: Player;

  beforeAll(async () => {
    database = await target.open();
    game = await startGameServer(database);
    [frank, gina] = await Promise.all([signUp(game.url, 'frank'), signUp(game.url, 'gina')]);
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  it('SECURITY 21: refuses a bad, forged or revoked token at the handshake, and accepts no token as a guest', async () => {
    await expect(connect(game.url, 'not-a-token')).rejects.toThrow(ERROR_MESSAGES.INVALID_TOKEN);
    const forged = `${frank.token.slice(0, -4)}AAAA`;
    await expect(connect(game.url, forged)).rejects.toThrow(ERROR_MESSAGES.INVALID_TOKEN);
    await expect(connect(game.url, 'x'.repeat(5000))).rejects.toThrow(ERROR_MESSAGES.INVALID_TOKEN);

    const revoked = await signUp(game.url, 'henry');
    await fetch(`${game.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${revoked.token}` } });
    await expect(connect(game.url, revoked.token)).rejects.toThrow(ERROR_MESSAGES.INVALID_TOKEN);

    const guest = await connect(game.url);
    expect(guest.socket.connected).toBe(true);
    guest.close();
  });

  it("SECURITY 22: refuses a payload whose walletAddress is not the token's", async () => {
    const f = await connect(game.url, frank.token);
    try {
      f.emit('checkActiveGame', { walletAddress: gina.address });
      expect(await f.next('error')).toEqual({ message: ERROR_MESSAGES.WALLET_MISMATCH, code: 'WALLET_MISMATCH', event: 'checkActiveGame' });
      f.emit('joinViaInvite', { inviteCode: 'abc', selectedCharacter: 4, walletAddress: gina.address });
      expect(await f.next('error')).toMatchObject({ code: 'WALLET_MISMATCH', event: 'joinViaInvite' });
      f.emit('joinGame', FREE_JOIN(gina.address));
      expect(await f.next('error')).toMatchObject({ code: 'WALLET_MISMATCH', event: 'joinGame' });
      // Nothing changed: Frank has no game.
      f.emit('checkActiveGames', { walletAddress: frank.address });
      expect(await f.next('activeGameResult')).toEqual({ hasActiveGame: false, gameData: null });
    } finally {
      f.close();
    }
  });

  it('SECURITY 23: answers a malformed payload with error and a reason', async () => {
    const f = await connect(game.url, frank.token);
    try {
      f.emit('joinGame', { selectedCharacter: 99, betAmount: 'Free!' });
      expect(await f.next('error')).toMatchObject({ code: 'VALIDATION_FAILED', event: 'joinGame', message: expect.stringContaining('selectedCharacter') });
      f.emit('joinGame', { selectedCharacter: 4, betAmount: '15$' });
      expect(await f.next('error')).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(ERROR_MESSAGES.STAKE_NOT_AVAILABLE) });
      f.emit('playerAction', { action: 'kick', prediction: 'attack' });
      expect(await f.next('error')).toMatchObject({ code: 'VALIDATION_FAILED', event: 'playerAction' });
      f.emit('getServerTime', 'now');
      expect(await f.next('error')).toMatchObject({ code: 'VALIDATION_FAILED', event: 'getServerTime' });
      f.emit('cancelGame', { sessionId: 'x'.repeat(500), walletAddress: frank.address });
      expect(await f.next('error')).toMatchObject({ code: 'VALIDATION_FAILED', event: 'cancelGame' });
    } finally {
      f.close();
    }
  });

  it('SECURITY 23: disconnects a socket that sends more than 100 messages in 20 s', async () => {
    const flooder = await connect(game.url, gina.token);
    const closed = flooder.disconnected();
    for (let i = 0; i < 100; i += 1) flooder.emit('getServerTime', { clientTime: i });
    await expect.poll(() => flooder.all('serverTime').length).toBe(100);
    expect(flooder.socket.connected).toBe(true);
    flooder.emit('getServerTime', { clientTime: 101 });
    expect(await closed).toBe('io server disconnect');
    expect(flooder.all('serverTime')).toHaveLength(100);

    // Others are not affected, and the same player may connect again.
    const again = await connect(game.url, gina.token);
    again.emit('getServerTime', { clientTime: 1 });
    expect(await again.next('serverTime')).toMatchObject({ clientTime: 1 });
    again.close();
  });
});
