// A `tournamentMatch` notice on the shared socket shows a toast anywhere in the app with
// "Fight now" (the home invite flow), refetches that tournament, and stays off its own page.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aDetail } from '../../test-support/tournaments';
import { restoreSession, serveDetail } from '../../test-support/tournament-screens';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let server: FakeServer;
const cleanups: (() => void)[] = [];
beforeEach(async () => {
  server = new FakeServer();
  server.install();
  fakeSockets.current = new FakeGameSocket();
  cleanups.push((await restoreSession(server)).unregister);
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

const notice = (deadline: number) => ({
  tournamentId: 't1',
  matchId: 3,
  inviteCode: 'inv-7',
  opponent: { walletAddress: '11111111111111111111111111111111', username: 'yuki', displayName: null },
  deadline,
});

/** Signed in, the toast chunk loaded and its listener on the socket. */
async function listening() {
  const on = vi.spyOn(fakeSockets.current, 'on');
  await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
  await waitFor(() => expect(on.mock.calls.map(([event]) => event)).toContain('tournamentMatch'));
}

describe('tournament match toasts', () => {
  it('announce a called match anywhere, with the time left and Fight now', async () => {
    const app = renderApp('/leaderboard');
    await listening();
    fakeSockets.current.receive('tournamentMatch', notice(Date.now() + 120_000));
    const toast = await screen.findByRole('region', { name: 'Your tournament match' });
    expect(within(toast).getByText('Tournament match called')).toBeInTheDocument();
    expect(within(toast).getByText('yuki')).toBeInTheDocument();
    expect(within(toast).getByRole('timer')).toHaveTextContent(/Join within [12]:\d\d or forfeit/);
    await userEvent.setup().click(within(toast).getByRole('link', { name: 'Fight now' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('region', { name: 'Your tournament match' })).toBeNull();
  });

  it('ignore a malformed or expired notice, and "Later" dismisses', async () => {
    renderApp('/leaderboard');
    await listening();
    // Each notice is parsed in a promise queued as it arrives: inside act, they all settle and
    // render before act returns, so nothing is left to wait for.
    await act(async () => {
      fakeSockets.current.receive('tournamentMatch', notice(Date.now() - 1_000));
      fakeSockets.current.receive('tournamentMatch', { tournamentId: 't1' });
    });
    expect(screen.queryByRole('region', { name: 'Your tournament match' })).toBeNull();
    fakeSockets.current.receive('tournamentMatch', notice(Date.now() + 60_000));
    await screen.findByRole('region', { name: 'Your tournament match' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'Your tournament match' })).toBeNull();
  });

  it("stay away once the call's invite is followed from its tournament's page", async () => {
    serveDetail(server, () => aDetail());
    const app = renderApp('/tournaments/t1');
    await listening();
    fakeSockets.current.receive('tournamentMatch', notice(Date.now() + 60_000));
    await screen.findByRole('heading', { level: 1, name: 'Friday Night Fights' });
    await act(() => app.router.navigate('/?invite=inv-7'));
    await screen.findByRole('dialog', { name: "You're invited to a duel!" });
    expect(screen.queryByRole('region', { name: 'Your tournament match' })).toBeNull();
    await act(() => app.router.navigate('/leaderboard'));
    expect(screen.queryByRole('region', { name: 'Your tournament match' })).toBeNull();
  });

  it("stay off the tournament's own page, which fetches its detail again", async () => {
    serveDetail(server, () => aDetail());
    renderApp('/tournaments/t1');
    await listening();
    await screen.findByRole('heading', { level: 1, name: 'Friday Night Fights' });
    const fetches = () => server.calls.filter((route) => route === 'GET /api/tournaments/t1').length;
    const before = fetches();
    fakeSockets.current.receive('tournamentMatch', notice(Date.now() + 60_000));
    await waitFor(() => expect(fetches()).toBeGreaterThan(before));
    expect(screen.queryByText('Tournament match called')).toBeNull();
  });
});
