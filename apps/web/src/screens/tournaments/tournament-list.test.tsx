// The list's queries: All Tournaments asks for what can still be joined first (sortBy=status),
// and My Tournaments for what the wallet joined or hosts (member), so a host who has not joined
// finds their tournament there.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aTournament } from '../../test-support/tournaments';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { restoreSession, serveList } from '../../test-support/tournament-screens';

let server: FakeServer;
let asked: URLSearchParams[];
const cleanups: (() => void)[] = [];
beforeEach(() => {
  server = new FakeServer();
  server.install();
  asked = [];
  serveList(server, () => [aTournament({ tournamentId: 'host1', name: 'Hosted Cup' })]);
  const originalFetch = server.fetch.bind(server);
  server.fetch = (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/tournaments') asked.push(url.searchParams);
    return originalFetch(input, init);
  };
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

const query = (params: URLSearchParams | undefined) => Object.fromEntries(params ?? []);

describe('the tournament list', () => {
  it('asks for joinable tournaments first, then under way, then past', async () => {
    renderApp('/tournaments');
    expect(await screen.findByRole('link', { name: 'Hosted Cup' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(query(asked[0])).toMatchObject({ sortBy: 'status', sortOrder: 'asc' });
  });

  it('My Tournaments asks for the ones the wallet joined or created', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'My Tournaments' }));
    await waitFor(() => expect(asked.some((params) => params.get('member') === wallet.address)).toBe(true));
    const mine = asked.find((params) => params.get('member') === wallet.address);
    expect(query(mine)).toMatchObject({ member: wallet.address, sortBy: 'status' });
    expect(mine?.has('participant')).toBe(false);
    expect(await screen.findByRole('link', { name: 'Hosted Cup' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
