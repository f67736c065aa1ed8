// Cards and joining: Join Tournament / Registered / Tournament Full, the client's
// blocks and the server's refusals as the protocol's texts word them, on the list and on the detail.
import type { Tournament } from '@duel-dojo/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exactText } from '../../test-support/exact-text';
import { aDetail, aParticipant, aTournament } from '../../test-support/tournaments';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { KENJI_ID, json, refusal, restoreSession, serveDetail, serveList } from '../../test-support/tournament-screens';

let server: FakeServer;
const cleanups: (() => void)[] = [];
beforeEach(() => {
  server = new FakeServer();
  server.install();
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function signIn() {
  const wallet = await restoreSession(server);
  cleanups.push(wallet.unregister);
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('list cards', () => {
  it('show every field and the action each state allows', async () => {
    serveList(server, () => [
      aTournament({ tournamentId: 'open1', name: 'Open Cup', entryFee: '0.1 SOL', currentParticipants: 3, maxParticipants: 8 }),
      aTournament({ tournamentId: 'mine1', name: 'My Cup', isRegistered: true }),
      aTournament({ tournamentId: 'full1', name: 'Full Cup', currentParticipants: 4, maxParticipants: 4 }),
      aTournament({ tournamentId: 'done1', name: 'Old Cup', status: 'completed', winner: { username: 'yuki', displayName: 'Yuki' } }),
    ]);
    renderApp('/tournaments');
    await screen.findByRole('link', { name: 'Open Cup' }, { timeout: 15_000 });
    const open = card('Open Cup');
    expect(within(open).getByText('#open1')).toBeInTheDocument();
    expect(within(open).getByText('upcoming')).toBeInTheDocument();
    expect(within(open).getByText('Four fighters, one champion.')).toBeInTheDocument();
    expect(within(open).getByText('0.1 SOL')).toBeInTheDocument();
    expect(within(open).getByText('3/8')).toBeInTheDocument();
    expect(within(within(open).getByRole('list', { name: 'Prize pool' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1st1 SOL', '2ndTBD', '3rdTBD']);
    expect(within(open).getByRole('button', { name: 'Join Tournament' })).toBeInTheDocument();
    expect(within(card('My Cup')).getByRole('button', { name: 'Registered' })).toBeDisabled();
    expect(within(card('Full Cup')).getByRole('button', { name: 'Tournament Full' })).toBeDisabled();
    expect(within(card('Old Cup')).getByText('Winner: Yuki')).toBeInTheDocument();
    expect(within(card('Old Cup')).queryByRole('button')).toBeNull();
    expect(within(card('Old Cup')).getByText('Free')).toBeInTheDocument();
  });

  it('a card opens its detail', async () => {
    serveList(server, () => [aTournament({ tournamentId: 'open1', name: 'Open Cup' })]);
    serveDetail(server, () => aDetail({ tournamentId: 'open1', name: 'Open Cup' }));
    const app = renderApp('/tournaments');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Open Cup' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tournaments/open1'));
  });

  it('Join without a wallet says so and offers to connect', async () => {
    const user = userEvent.setup();
    serveList(server, () => [aTournament()]);
    renderApp('/tournaments');
    await user.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please connect your wallet to join tournaments');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect a Wallet' })).toBeInTheDocument();
    expect(server.calls).not.toContain('PUT /api/tournaments/t1/join');
  });

  it('Join sends the token and reloads the list; refusals read as the protocol says', async () => {
    await signIn();
    let tournament: Tournament = aTournament();
    serveList(server, () => [tournament]);
    server.overrides.set('PUT /api/tournaments/t1/join', ({ headers }) => {
      expect(headers.get('authorization')).toMatch(/^Bearer /);
      tournament = { ...tournament, isRegistered: true, currentParticipants: 1 };
      return json({ success: true, message: 'You have joined the tournament', tournament });
    });
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByText('You have joined the tournament: Friday Night Fights')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Registered' })).toBeInTheDocument();
    expect(screen.getByText('1/8')).toBeInTheDocument();
  });

  it.each([
    [refusal(409, 'This tournament is full.'), 'This tournament is full.'],
    [refusal(409, 'Registration for this tournament is closed.'), 'Registration for this tournament is closed.'],
    [refusal(401, 'User not found'), 'Authentication error: Please reconnect your wallet and try again.'],
    [new Response('', { status: 500 }), 'Failed to join tournament'],
  ])('a refused join on the list shows %#', async (answer, text) => {
    await signIn();
    serveList(server, () => [aTournament()]);
    server.overrides.set('PUT /api/tournaments/t1/join', () => answer.clone());
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Tournament' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
  });
});

describe('the detail join section', () => {
  it('blocks an anonymous visitor with the wallet message', async () => {
    serveDetail(server, () => aDetail());
    renderApp('/tournaments/t1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please connect your wallet to join tournaments');
  });

  it('blocks an already registered player on the client', async () => {
    await signIn();
    serveDetail(server, () => aDetail({ isRegistered: true, currentParticipants: 1, participants: [aParticipant(KENJI_ID, 'kenji')] }));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Registered' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(exactText('You are already registered for this tournament!'));
    expect(server.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('blocks a full tournament on the client', async () => {
    await signIn();
    serveDetail(server, () => aDetail({ currentParticipants: 4, maxParticipants: 4 }));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Tournament Full' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(exactText('This tournament is full!'));
    expect(server.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('joins, then shows the player registered; a network failure says so', async () => {
    await signIn();
    let detail = aDetail();
    serveDetail(server, () => detail);
    server.networkDown('PUT /api/tournaments/t1/join');
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(exactText('Network error: Unable to connect to the server. Please check your internet connection and try again.'));
    server.overrides.set('PUT /api/tournaments/t1/join', () => {
      detail = { ...detail, isRegistered: true, currentParticipants: 1, participants: [aParticipant(KENJI_ID, 'kenji')] };
      return json({ success: true, message: 'You have joined the tournament', tournament: detail });
    });
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByText('You have joined the tournament')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Registered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kenji' })).toBeInTheDocument();
  });
});
