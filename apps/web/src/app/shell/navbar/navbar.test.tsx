// The navbar and the session around it, in the real app against the scripted server.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestAutoLogout } from '../../../features/auth/auto-logout';
import { STORAGE_KEYS } from '../../../features/storage/local-store';
import { FakeServer } from '../../../test-support/fake-server';
import { renderApp } from '../../../test-support/render-app';
import { registerTestWallet } from '../../../test-support/test-wallet';
import { MY_GAMES_WALLET_ALERT } from './nav-links';

let server: FakeServer;
const cleanups: (() => void)[] = [];
beforeEach(() => {
  server = new FakeServer();
  server.install();
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function restoredSession() {
  const wallet = await registerTestWallet('Restorable', 'sign');
  cleanups.push(wallet.unregister);
  server.addUser(wallet.address, 'kenji');
  window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(wallet.address));
  window.localStorage.setItem(STORAGE_KEYS.walletName, 'Restorable');
  return wallet;
}

describe('navbar and session', () => {
  it('auto-reconnects from the stored token 100 ms after load and shows balance and player', async () => {
    await restoredSession();
    server.lamports = 1_234_567_890n;
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('1.2345 SOL')).toBeInTheDocument();
    expect(server.calls).toContain('POST /api/auth/validate-token');
  });

  it('the user menu shows name, level and wins, and Sign Out sets the manual-logout flag', async () => {
    await restoredSession();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 }));
    const menu = screen.getByRole('group', { name: 'Player menu: kenji' });
    expect(within(menu).getByText('Level 1')).toBeInTheDocument();
    expect(within(menu).getByText('Wins 0')).toBeInTheDocument();
    for (const link of ['Profile', 'Leaderboard', 'My Games', 'How to Play']) expect(within(menu).getByRole('link', { name: link })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.manualLogout)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    await waitFor(() => expect(server.calls).toContain('POST /api/auth/logout'));
  });

  it('Login clears the manual-logout flag and opens the wallet modal', async () => {
    window.localStorage.setItem(STORAGE_KEYS.manualLogout, 'true');
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Connect a Wallet' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.manualLogout)).toBeNull();
    expect(await screen.findByRole('button', { name: /Dev Wallet/ }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('the automatic-logout event signs out locally', async () => {
    await restoredSession();
    renderApp('/');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    act(() => requestAutoLogout('token expired'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(server.calls).not.toContain('POST /api/auth/logout');
  });

  it('My Games without a wallet shows the alert instead of navigating', async () => {
    const app = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'My Games' }));
    const alert = await screen.findByRole('dialog', { name: 'Connect your wallet' });
    expect(within(alert).getByText(MY_GAMES_WALLET_ALERT)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
  });

  it('Escape closes the mobile menu and gives the focus back to its button', async () => {
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Menu' });
    const user = userEvent.setup();
    await user.click(button);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    within(menu).getByRole('link', { name: 'Leaderboard' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('/my-games without a wallet redirects to /', async () => {
    const app = renderApp('/my-games');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });

  it('keeps the sound setting across visits', async () => {
    const first = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Sound' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    first.unmount();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sound' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the early-access countdown while it runs and hides it after the target', async () => {
    server.earlyAccessTarget = new Date(Date.now() + 2 * 86_400_000 + 5_000).toISOString();
    const first = renderApp('/');
    const timer = await screen.findByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent(/^2d 00h 00m 0\ds$/);
    expect(timer.closest('a')).toHaveAttribute('target', '_blank');
    first.unmount();
    server.earlyAccessTarget = '2025-08-14T00:00:00';
    renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(server.calls).toContain('GET /api/config'));
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
