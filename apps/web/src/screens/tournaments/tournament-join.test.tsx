// Spec §2 cards and §5/§8 joining: Join Tournament / Registered / Tournament Full, the client's
// blocks and the server's refusals as spec §8 words them, on the list and on the detail.
import type { Tournament } from '@duel-dojo/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aDetail, aParticipant, aTournament } from '../../features/tournaments/tournament-fixtures';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { KENJI_ID, json, refusal, restoreSession, serveDetail, serveList } from './tournament-test-kit';

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
    await screen.findByRole('link', { name: 'Open Cup' });
    const open = card('Open Cup');
    expect(within(open).getByText('#open1')).toBeTruthy();
    expect(within(open).getByText('upcoming')).toBeTruthy();
    expect(within(open).getByText('Four fighters, one champion.')).toBeTruthy();
    expect(within(open).getByText('0.1 SOL')).toBeTruthy();
    expect(within(open).getByText('3/8')).toBeTruthy();
    expect(within(within(open).getByRole('list', { name: 'Prize pool' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1st1 SOL', '2ndTBD', '3rdTBD']);
    expect(within(open).getByRole('button', { name: 'Join Tournament' })).toBeTruthy();
    expect((within(card('My Cup')).getByRole('button', { name: 'Registered' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card('Full Cup')).getByRole('button', { name: 'Tournament Full' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Old Cup')).getByText('Winner: Yuki')).toBeTruthy();
    expect(within(card('Old Cup')).queryByRole('button')).toBeNull();
    expect(within(card('Old Cup')).getByText('Free')).toBeTruthy();
  });

  it('a card opens its detail', async () => {
    serveList(server, () => [aTournament({ tournamentId: 'open1', name: 'Open Cup' })]);
    serveDetail(server, () => aDetail({ tournamentId: 'open1', name: 'Open Cup' }));
    const app = renderApp('/tournaments');
    fireEvent.click(await screen.findByRole('link', { name: 'Open Cup' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tournaments/open1'));
  });

  it('Join without a wallet says so and offers to connect', async () => {
    serveList(server, () => [aTournament()]);
    renderApp('/tournaments');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please connect your wallet to join tournaments');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect a Wallet' })).toBeTruthy();
    expect(server.calls).not.toContain('PUT /api/tournaments/t1/join');
  });

  it('Join sends the token and reloads the list; refusals read as spec §8 says', async () => {
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
    fireEvent.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByText('You have joined the tournament: Friday Night Fights')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Registered' })).toBeTruthy();
    expect(screen.getByText('1/8')).toBeTruthy();
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
    fireEvent.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
  });
});

describe('the detail join section', () => {
  it('blocks an anonymous visitor with the wallet message', async () => {
    serveDetail(server, () => aDetail());
    renderApp('/tournaments/t1');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please connect your wallet to join tournaments');
  });

  it('blocks an already registered player on the client', async () => {
    await signIn();
    serveDetail(server, () => aDetail({ isRegistered: true, currentParticipants: 1, participants: [aParticipant(KENJI_ID, 'kenji')] }));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Registered' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are already registered for this tournament!');
    expect(server.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('blocks a full tournament on the client', async () => {
    await signIn();
    serveDetail(server, () => aDetail({ currentParticipants: 4, maxParticipants: 4 }));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Tournament Full' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This tournament is full!');
    expect(server.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('joins, then shows the player registered; a network failure says so', async () => {
    await signIn();
    let detail = aDetail();
    serveDetail(server, () => detail);
    server.networkDown('PUT /api/tournaments/t1/join');
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Tournament' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network error: Unable to connect to the server. Please check your internet connection and try again.');
    server.overrides.set('PUT /api/tournaments/t1/join', () => {
      detail = { ...detail, isRegistered: true, currentParticipants: 1, participants: [aParticipant(KENJI_ID, 'kenji')] };
      return json({ success: true, message: 'You have joined the tournament', tournament: detail });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join Tournament' }));
    expect(await screen.findByText('You have joined the tournament')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Registered' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kenji' })).toBeTruthy();
  });
});
