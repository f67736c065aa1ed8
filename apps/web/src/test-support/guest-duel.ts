// The home screen's duel against the scripted socket, as a guest: a fresh fake server and socket
// for each test, and the way into a game (Free!, Ghost, Fight!, the server answering the join with
// the state given). Each test file still mocks net/socket itself (vi.mock is hoisted per file).
import type { GameState } from '@duel-dojo/protocol';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WELCOME_SEEN_KEY } from '../features/duel/use-welcome';
import { FakeServer } from './fake-server';
import { FakeGameSocket, fakeSockets } from './fake-socket';
import { renderApp } from './render-app';

/** A fake server installed and a new scripted socket the app will use; the welcome popup seen. */
export function freshGameSocket(): FakeGameSocket {
  new FakeServer().install();
  const socket = new FakeGameSocket();
  fakeSockets.current = socket;
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  return socket;
}

/** Home, Free!, Ghost, Fight!: the join answered with `state` (this socket in seat 1); the intro shows. */
export async function joinFreeAsGuest(socket: FakeGameSocket, state: GameState): Promise<void> {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Free!' }, { timeout: 15_000 }));
  const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 15_000 });
  await user.click(within(picker).getByRole('button', { name: /^Ghost/ }));
  socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', { ...state, player1: socket.id }));
  await user.click(screen.getByRole('button', { name: 'Fight!' }));
  await screen.findByRole('status', { name: 'Fight!' }, { timeout: 15_000 });
}
