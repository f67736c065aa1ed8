// The tournament detail: the facts and the "Starts In" countdown, the empty
// participant list, the live bracket with the viewer's called match, the placings, not found.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleEliminationOf4 } from '../../test-support/brackets';
import { aDetail, aParticipant, paidFields } from '../../test-support/tournaments';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { KENJI_ID, restoreSession, serveDetail } from '../../test-support/tournament-screens';

let server: FakeServer;
const cleanups: (() => void)[] = [];
beforeEach(() => {
  server = new FakeServer();
  server.install();
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const units = () => within(screen.getByRole('timer', { name: 'Starts in' })).getAllByText(/^\d+$/).map((unit) => Number(unit.textContent));

describe('an upcoming tournament', () => {
  it('shows its facts, prizes, a countdown ticking every second and the empty participant list', async () => {
    const startDate = new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 30_500).toISOString();
    serveDetail(server, () => aDetail({ startDate, format: 'double-elimination', maxParticipants: 16 }));
    renderApp('/tournaments/t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday Night Fights' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to tournaments' })).toHaveAttribute('href', '/tournaments');
    expect(screen.getByText('upcoming')).toBeInTheDocument();
    expect(screen.getByText('Starts In')).toBeInTheDocument();
    expect(units().slice(0, 3)).toEqual([2, 3, 4]);
    expect(within(screen.getByRole('timer', { name: 'Starts in' })).getByText('Days')).toBeInTheDocument();
    const before = units()[3];
    await waitFor(() => expect(units()[3]).not.toBe(before), { timeout: 15_000 });
    expect(fact('Entry fee')).toHaveTextContent(/^Free$/);
    expect(fact('Format')).toHaveTextContent(/^Double Elimination$/);
    expect(fact('Max players')).toHaveTextContent(/^16$/);
    expect(fact('Registered')).toHaveTextContent(/^0 \/ 16$/);
    expect(fact('Start date')).toHaveTextContent(/.+/);
    expect(screen.getByText('Four fighters, one champion.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Prize pool' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1st1 SOL', '2ndTBD', '3rdTBD']);
    expect(screen.getByText('No players registered yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to join this tournament!')).toBeInTheDocument();
  });

  it('names a unit of exactly one in the singular: "1 Day 1 Hour", never "1 Days 1 Hours"', async () => {
    const startDate = new Date(Date.now() + 86_400_000 + 3_600_000 + 60_000 + 30_500).toISOString();
    serveDetail(server, () => aDetail({ startDate }));
    renderApp('/tournaments/t1');
    const timer = await screen.findByRole('timer', { name: 'Starts in' });
    const labels = [...timer.querySelectorAll('small')].map((label) => label.textContent);
    expect(labels.slice(0, 3)).toEqual(['Day', 'Hour', 'Minute']);
  });

  it('lists participants with portrait, name, level and W/L', async () => {
    serveDetail(server, () => aDetail({ currentParticipants: 2, participants: [aParticipant('u-yuki', 'Yuki', { characterId: 2, level: 7, stats: { wins: 9, losses: 4 } }), aParticipant('u-ren', 'Ren')] }));
    renderApp('/tournaments/t1');
    const item = (await screen.findByRole('link', { name: 'Yuki' })).closest('li') as HTMLElement;
    expect(within(item).getByText('Level 7')).toBeInTheDocument();
    expect(within(item).getByText('9W / 4L')).toBeInTheDocument();
    expect(item.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^\/characters\/.+\.svg$/));
  });
});

describe('a tournament under way', () => {
  it("shows the live bracket, the viewer's called match with Fight now, and polls", async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    const detail = aDetail({
      status: 'active',
      startDate: new Date(Date.now() - 60_000).toISOString(),
      isRegistered: true,
      bracket: singleEliminationOf4(KENJI_ID),
      myMatch: { tournamentId: 't1', matchId: 2, inviteCode: 'inv-42', opponent: { walletAddress: '11111111111111111111111111111111', username: 'aiko', displayName: 'Aiko' }, deadline: Date.now() + 95_000 },
    });
    serveDetail(server, () => detail);
    const app = renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    expect(await screen.findByRole('heading', { name: 'Live Bracket' })).toBeInTheDocument();
    expect(screen.getByText('Under way: matches are being fought now.')).toBeInTheDocument();
    const call = screen.getByRole('region', { name: 'Your tournament match' });
    expect(within(call).getByText('Aiko')).toBeInTheDocument();
    expect(within(call).getByRole('timer')).toHaveTextContent(/Join within 1:3\d or forfeit/);
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(screen.getByText('Semi-finals')).toBeInTheDocument();
    const calls = () => server.calls.filter((route) => route === 'GET /api/tournaments/t1').length;
    const first = calls();
    await waitFor(() => expect(calls()).toBeGreaterThan(first), { timeout: 15_000 });
    await userEvent.setup().click(within(call).getByRole('link', { name: 'Fight now' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });
});

describe('a completed tournament', () => {
  it('shows the winner, the placings with their prizes, and no join', async () => {
    serveDetail(server, () =>
      aDetail({
        status: 'completed',
        winner: { username: 'kenji', displayName: 'Kenji' },
        bracket: singleEliminationOf4(),
        placings: [
          { place: 1, participantId: 'u-kenji', username: 'kenji', displayName: 'Kenji', prize: null },
          { place: 2, participantId: 'u-aiko', username: 'aiko', displayName: 'Aiko', prize: null },
          { place: 3, participantId: 'u-yuki', username: 'yuki', displayName: null, prize: null },
        ],
      }),
    );
    renderApp('/tournaments/t1');
    expect(await screen.findByText('Winner: Kenji')).toBeInTheDocument();
    const podium = screen.getByRole('list', { name: 'Final placings' });
    expect(within(podium).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1stKenjiPrize: 1 SOL', '2ndAikoPrize: TBD', '3rdyukiPrize: TBD']);
    expect(screen.getByRole('heading', { name: 'Bracket' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join|Registered|Full/ })).toBeNull();
  });
});

describe('a completed paid tournament', () => {
  it("shows each place's payout: paid with its transfer, pending, failed with the way to support", async () => {
    const signature = '3'.repeat(88);
    serveDetail(server, () =>
      aDetail({
        ...paidFields(3),
        status: 'completed',
        winner: { username: 'kenji', displayName: 'Kenji' },
        placings: [
          { place: 1, participantId: 'u-kenji', username: 'kenji', displayName: 'Kenji', prize: { lamports: '87300000', status: 'paid', signature } },
          { place: 2, participantId: 'u-aiko', username: 'aiko', displayName: 'Aiko', prize: { lamports: '43650000', status: 'pending', signature: null } },
          { place: 3, participantId: 'u-yuki', username: 'yuki', displayName: null, prize: { lamports: '14550000', status: 'failed', signature: null } },
        ],
      }),
    );
    renderApp('/tournaments/t1');
    const podium = await screen.findByRole('list', { name: 'Final placings' });
    const [first, second, third] = within(podium).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('0.0873 SOL')).toBeInTheDocument();
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    const payout = within(first).getByRole('link', { name: 'Payout 3333...3333' });
    expect(payout).toHaveAttribute('href', `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent('http://127.0.0.1:8899')}`);
    expect(payout).toHaveAttribute('title', signature);
    expect(within(first).getByRole('button', { name: 'Copy signature' })).toBeInTheDocument();
    expect(within(second).getByText('0.04365 SOL')).toBeInTheDocument();
    expect(within(second).getByText('Payout pending')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(third).getByText('0.01455 SOL')).toBeInTheDocument();
    expect(within(third).getByText('Payout failed')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact');
  });
});

describe('not found', () => {
  it('says "Tournament Not Found" and "Failed to load tournament" with a way back', async () => {
    const app = renderApp('/tournaments/nope');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Tournament Not Found')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load tournament')).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('link', { name: 'Back to tournaments' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tournaments'));
  });
});
