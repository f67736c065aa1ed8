// A signed-in player's home: the duel's code loads once the session is restored, and the hero the
// player sees first (title, stake buttons) stays the same on screen while it does, so a click on a
// stake is never lost to a copy of the hero replacing the one under the pointer.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WELCOME_SEEN_KEY } from '../../features/duel/use-welcome';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { storedSession } from '../../test-support/stored-session';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let unregister: () => void = () => {};
beforeEach(async () => {
  const server = new FakeServer();
  server.install();
  fakeSockets.current = new FakeGameSocket();
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  unregister = (await storedSession(server, 'Hero Wallet', 'kenji')).unregister;
});
afterEach(() => unregister());

describe('the home hero of a signed-in player', () => {
  it('is the same hero before and after the duel loads, and its stake button opens the character picker', async () => {
    renderApp('/');
    const title = await screen.findByRole('heading', { level: 1, name: 'Duel!' }, { timeout: 15_000 });
    const free = screen.getByRole('button', { name: /^Free!/ });
    // The session is restored, which loads the duel stage for a possible game to rejoin.
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });

    await userEvent.setup().click(free);
    const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 15_000 });
    expect(free).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Duel!' })).toBe(title);
    expect(screen.getByRole('button', { name: /^Free!/ })).toBe(free);
    // The picker lays out inside the hero, under the stake buttons.
    expect(title.closest('section')).toContainElement(picker);
    expect(screen.getAllByRole('heading', { level: 1, name: 'Duel!' })).toHaveLength(1);
  });
});
