// The home screen's duel against the scripted socket, as a guest: a fresh fake server and socket
// for each test, and the way into a game (Free!, Ghost, Fight!, the server answering the join with
// the state given). Each test file still mocks net/socket itself (vi.mock is hoisted per file).
import type { GameState } from '@duel-dojo/protocol';
import { fireEvent, screen, within } from '@testing-library/react';
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
  renderApp('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Free!' }));
  const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 3000 });
  fireEvent.click(within(picker).getByRole('button', { name: /^Ghost/ }));
  socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', { ...state, player1: socket.id }));
  fireEvent.click(screen.getByRole('button', { name: 'Fight!' }));
  await screen.findByRole('status', { name: 'Fight!' });
}
