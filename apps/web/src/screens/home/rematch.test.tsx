// Rematch on the game-over view, in the whole app against the scripted socket (docs/rematch.md):
// offered after a duel between two wallets, it asks the server with the game just played, and the
// new game's state follows; the opponent's offer is shown with its seconds left and accepted the
// same way. No rematch against the bot.
import type { GameState } from '@duel-dojo/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALLET_2, gameState } from '../../test-support/duel-events';
import { WELCOME_SEEN_KEY } from '../../features/duel/use-welcome';
import { STORAGE_KEYS } from '../../features/storage/local-store';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { registerTestWallet } from '../../test-support/test-wallet';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
let wallet = '';
let unregister: () => void = () => {};
beforeEach(async () => {
  const server = new FakeServer();
  server.install();
  socket = new FakeGameSocket();
  fakeSockets.current = socket;
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  const registered = await registerTestWallet('Rematch Wallet', 'sign');
  unregister = registered.unregister;
  wallet = registered.address;
  server.addUser(wallet, 'kenji');
  window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(wallet));
  window.localStorage.setItem(STORAGE_KEYS.walletName, 'Rematch Wallet');
});
afterEach(() => unregister());

/** kenji (player1) has just lost a free duel to yuki (or to the bot). */
async function afterTheDuel(overrides: Partial<GameState> = {}): Promise<GameState> {
  const user = userEvent.setup();
  renderApp('/');
  await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
  await user.click(await screen.findByRole('button', { name: /^Free!/ }));
  const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 15_000 });
  await user.click(within(picker).getByRole('button', { name: /^Ghost/ }));
  const intro = gameState({ phase: 'intro', version: 2, player1: socket.id, player1Wallet: wallet, player1Name: 'kenji', player2Wallet: WALLET_2, ...overrides });
  socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', intro));
  await user.click(screen.getByRole('button', { name: 'Fight!' }));
  await screen.findByRole('status', { name: 'Fight!' });
  const over: GameState = { ...intro, version: 3, phase: 'over', round: 2, gameOver: true, winner: 'player2', endReason: 'knockout', playerCharacter: { id: 4, health: 0 }, fairness: { ...intro.fairness, serverSeed: 'a'.repeat(64) } };
  act(() => socket.receive('gameState', over));
  await screen.findByRole('dialog', { name: 'Defeat' }, { timeout: 15_000 });
  return over;
}

describe('rematch after a duel', () => {
  it('asks the server with the game just played, and follows the new game it opens', async () => {
    const over = await afterTheDuel();
    const popup = screen.getByRole('dialog', { name: 'Defeat' });
    expect(within(popup).getByText(/a rematch starts when you both ask within 30 s/)).toBeInTheDocument();
    socket.answers.set('requestRematch', (_payload, server) => {
      server.receive('rematchResult', { success: true, message: 'Rematch asked: waiting for your opponent', sessionId: over.sessionId, newSessionId: 'g_next', started: false, expiresAt: Date.now() + 30_000 });
      server.receive('gameState', gameState({ sessionId: 'g_next', phase: 'waiting', version: 1, player1: socket.id, player1Wallet: wallet, player2: null, player2Wallet: null, player2Name: null, opponentCharacter: null, canInvite: false, inviteCode: null }));
    });
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'Rematch' }));
    await waitFor(() => expect(socket.sentOf('requestRematch')).toEqual([{ sessionId: over.sessionId, selectedCharacter: 4, walletAddress: wallet, verified: false, paymentId: null, signature: null }]));
    const waiting = await screen.findByRole('dialog', { name: 'Waiting for an opponent' });
    // A rematch waits for its one opponent: no bot, no invite link.
    expect(within(waiting).queryByRole('button', { name: 'Play with Bot' })).toBeNull();
  });

  it("shows the opponent's offer with its time left, and accepts it by asking in turn", async () => {
    const over = await afterTheDuel();
    act(() => socket.receive('rematchOffered', { sessionId: over.sessionId, from: 'yuki', betAmount: 'Free!', stakeLamports: '0', expiresAt: Date.now() + 20_000 }));
    const popup = screen.getByRole('dialog', { name: 'Defeat' });
    expect(await within(popup).findByRole('status')).toHaveTextContent(/^yuki asks for a rematch \((19|20) s left\)\.$/);
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'Accept rematch' }));
    await waitFor(() => expect(socket.sentOf('requestRematch')).toHaveLength(1));
  });

  it('has no rematch after a duel against the bot', async () => {
    await afterTheDuel({ player2: 'bot', player2Wallet: null, player2Name: 'Bot', vsBot: true });
    expect(screen.queryByRole('button', { name: 'Rematch' })).toBeNull();
  });
});
