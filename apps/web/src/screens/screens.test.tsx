// Data screens: loading, error and empty states, and what each shows, against the scripted server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeServer } from '../test-support/fake-server';
import { renderApp } from '../test-support/render-app';

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  server.install();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const WALLET_A = '11111111111111111111111111111111';
const WALLET_B = 'So11111111111111111111111111111111111111112';

function board(timeframe: string) {
  const entry = (rank: number, name: string) => ({ rank, displayName: name, username: name.toLowerCase(), walletAddress: rank === 1 ? WALLET_A : WALLET_B, totalMatches: 3, totalProfit: '-500000000', totalProfitSol: '-0.5000' });
  return timeframe === '24h'
    ? { success: true, message: 'ok', leaderboard: [], stats: { totalFighters: 0, highestWinnings: '0', highestWinningsSol: '0.0000', totalMatches: 0 } }
    : { success: true, message: 'ok', leaderboard: [entry(1, 'Kenji'), entry(2, 'Yuki')], stats: { totalFighters: 2, highestWinnings: '1940000000', highestWinningsSol: '1.9400', totalMatches: 3 } };
}

describe('leaderboard', () => {
  it('shows champions with crowns, and "Last 24 Hours" really asks for the last 24 hours', async () => {
    const asked: string[] = [];
    server.overrides.set('GET /api/leaderboard', () => json(board(asked.at(-1) ?? 'all')));
    const originalFetch = server.fetch.bind(server);
    server.fetch = (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/leaderboard') asked.push(url.searchParams.get('timeframe') ?? '');
      return originalFetch(input, init);
    };
    renderApp('/leaderboard');
    expect(await screen.findByRole('link', { name: 'Kenji' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rank 1' })).toBeInTheDocument();
    expect(screen.getByText('1.9400 SOL')).toBeInTheDocument();
    expect(screen.getByText('1111...1111')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Last 24 Hours' }));
    expect(await screen.findByText('No players found. Be the first to play and claim your spot!')).toBeInTheDocument();
    expect(asked).toEqual(['all', '24h']);
  });

  it('says what failed', async () => {
    server.overrides.set('GET /api/leaderboard', () => json({ success: false, message: 'Database unavailable' }, 503));
    renderApp('/leaderboard');
    // A server error is retried twice (1 s, then 2 s) before the message shows.
    expect(await screen.findByText('Error loading leaderboard: Database unavailable', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('profiles', () => {
  it('a public profile is labelled and hides the referral code', async () => {
    server.addUser(WALLET_A, 'kenji');
    renderApp(`/profile/${WALLET_A}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'kenji', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Public Profile')).toBeInTheDocument();
    expect(screen.getByText('Arena Novice · Level 1')).toBeInTheDocument();
    expect(screen.queryByText('Referral Program')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Badges' }));
    expect(await screen.findByText('0 of 12 badges unlocked')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Battle History' }));
    expect(await screen.findByText('No battles fought yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Character Collection' }));
    expect(screen.getByText('Character Collection: coming soon.')).toBeInTheDocument();
  });

  it('an unknown player shows the not-found state', async () => {
    renderApp(`/profile/${WALLET_B}`);
    expect(await screen.findByText("This profile doesn't exist or this player hasn't played yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
  });

  it('/profile without a wallet asks to connect one', async () => {
    renderApp('/profile');
    expect(await screen.findByText(/Connect your wallet to see your profile/, {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('marketplace', () => {
  it('shows every item with its price and a connect button without a wallet, and filters by rarity', async () => {
    const user = userEvent.setup();
    renderApp('/marketplace');
    expect(await screen.findByText('1.800 SOL')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Connect Wallet to buy/ })).toHaveLength(9);
    const portraits = [...document.querySelectorAll('main img')].map((node) => node.getAttribute('src'));
    expect(portraits).toHaveLength(9);
    for (const src of portraits) expect(src).toMatch(/^\/characters\/[a-z-]+\.svg$/);
    await user.click(screen.getByRole('button', { name: 'Legendary' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mythic' }));
    expect(screen.getByText('No Mythic characters are for sale yet.')).toBeInTheDocument();
  });
});

describe('tournaments', () => {
  it('the empty list offers to browse community tournaments', async () => {
    server.overrides.set('GET /api/tournaments', () => json({ success: true, tournaments: [], total: 0 }));
    renderApp('/tournaments');
    expect(await screen.findByRole('button', { name: 'Browse Community Tournaments' })).toBeInTheDocument();
  });

  it('an unknown tournament is "Tournament Not Found"', async () => {
    renderApp('/tournaments/t-404');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Tournament Not Found')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load tournament')).toBeInTheDocument();
  });
});

describe('how to play and not found', () => {
  it('opens on Combat and has Return to Game', async () => {
    renderApp('/how-to-play');
    expect(await screen.findByRole('tab', { name: 'Combat' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Return to Game' })).toHaveAttribute('href', '/');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Characters' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(9));
  });

  it('an unknown address shows the not-found page', async () => {
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
