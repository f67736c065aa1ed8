// The list of live duels on Home and the leaderboard: each links to its watch page; none: the empty state.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { NO_LIVE_DUELS } from '../../components/live-duels/live-duels';

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  server.install();
});

const live = {
  sessionId: 'g_live',
  createdAt: '2026-01-01T00:00:00.000Z',
  player1Name: 'kenji',
  player2Name: null,
  player1Character: 4,
  player2Character: 8,
  betAmount: '5$',
  round: 2,
  vsBot: false,
};

describe('live duels', () => {
  it('lists each running duel on the leaderboard, linked to its watch page', async () => {
    server.overrides.set('GET /api/games/live', () => new Response(JSON.stringify({ success: true, games: [live] })));
    renderApp('/leaderboard');
    const link = await screen.findByRole('link', { name: /^Watch kenji vs Guest\b/ });
    expect(link).toHaveAttribute('href', '/watch/g_live');
    expect(link).toHaveTextContent('Round 3 · 5$');
  });

  it('says so on Home when no duel is running', async () => {
    renderApp('/');
    expect(await screen.findByText(NO_LIVE_DUELS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Live duels/ })).toBeInTheDocument();
  });
});
