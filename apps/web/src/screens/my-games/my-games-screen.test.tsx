// Battle history: every field of "My games" and each reward state.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../features/storage/local-store';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { registerTestWallet } from '../../test-support/test-wallet';

const OPPONENT = '11111111111111111111111111111111';
let server: FakeServer;
let me: string;
let unregister: () => void;

function record(overrides: Record<string, unknown>) {
  return {
    sessionId: 'game-1', createdAt: '2026-03-01T12:00:00.000Z', player1Wallet: me, player2Wallet: OPPONENT, player1: 'u1', player2: 'u2',
    player1Name: 'me', player2Name: 'Rival', winner: me, gameOver: true, betAmount: '5$', playerCharacter: { id: 1 }, opponentCharacter: { id: 9 },
    currentRound: 4, rewardClaimed: false, stakeLamports: '33333333', payoutLamports: '64666666', stakePaidLamports: '33333333', refunded: false, cancelled: false,
    tournamentId: null, fairness: null, endReason: 'knockout', rounds: [], ...overrides,
  };
}

beforeEach(async () => {
  server = new FakeServer();
  server.install();
  const wallet = await registerTestWallet('Historian', 'sign');
  unregister = wallet.unregister;
  me = wallet.address;
  server.addUser(me, 'me');
  window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(me));
  window.localStorage.setItem(STORAGE_KEYS.walletName, 'Historian');
});
afterEach(() => unregister());

describe('my games', () => {
  it('lists each battle with its characters, opponent, date, bet, result, rounds and claim area', async () => {
    const games = [
      record({ sessionId: 'won-paid' }),
      record({ sessionId: 'claimed', rewardClaimed: true }),
      record({ sessionId: 'lost-free', betAmount: 'Free!', stakePaidLamports: '0', winner: OPPONENT, currentRound: 0, player1Wallet: OPPONENT, player2Wallet: me, player1Name: 'Rival', player2Name: 'me', playerCharacter: { id: 9 }, opponentCharacter: { id: 1 } }),
    ];
    server.overrides.set('GET /api/games', () => new Response(JSON.stringify({ success: true, games, total: 3 })));
    renderApp('/my-games');
    const list = await screen.findByRole('list', { name: 'Battles' }, { timeout: 15_000 });
    const [wonPaid, claimed, lostFree] = within(list).getAllByRole('listitem');
    expect(within(wonPaid!).getByText('Warrior')).toBeInTheDocument();
    expect(within(wonPaid!).getByRole('link', { name: 'Rival' })).toHaveAttribute('href', `/profile/${OPPONENT}`);
    expect(within(wonPaid!).getByText('Paid Match')).toBeInTheDocument();
    expect(within(wonPaid!).getByText('Victory')).toBeInTheDocument();
    expect(within(wonPaid!).getByText('4 rounds')).toBeInTheDocument();
    expect(within(wonPaid!).getByRole('button', { name: 'Claim Reward' })).toBeInTheDocument();
    expect(within(claimed!).getByText('Prize Claimed')).toBeInTheDocument();
    expect(within(lostFree!).getByText('Warrior')).toBeInTheDocument();
    expect(within(lostFree!).getByText('Defeat')).toBeInTheDocument();
    expect(within(lostFree!).getByText('Quick match')).toBeInTheDocument();
    expect(within(lostFree!).queryByText('Paid Match')).toBeNull();
    expect(within(lostFree!).queryByRole('button')).toBeNull();
  });

  it('shows the SOL staked, "Refunded" where the stake came back, a cancelled wait and a tournament match', async () => {
    const games = [
      record({ sessionId: 'drawn', winner: 'draw', refunded: true }),
      record({ sessionId: 'cancelled', player2Wallet: null, player2: null, player2Name: null, opponentCharacter: null, gameOver: false, winner: null, currentRound: 0, payoutLamports: '0', cancelled: true, refunded: true }),
      record({ sessionId: 'cup-final', betAmount: 'Free!', stakePaidLamports: '0', tournamentId: 'T-CUP42' }),
    ];
    server.overrides.set('GET /api/games', () => new Response(JSON.stringify({ success: true, games, total: 3 })));
    renderApp('/my-games');
    const list = await screen.findByRole('list', { name: 'Battles' }, { timeout: 15_000 });
    const [drawn, cancelled, final] = within(list).getAllByRole('listitem');
    expect(within(drawn!).getByText('Draw')).toBeInTheDocument();
    expect(within(drawn!).getByText('0.0333 SOL')).toBeInTheDocument();
    expect(within(drawn!).getByText('Refunded')).toBeInTheDocument();
    expect(within(drawn!).queryByRole('button')).toBeNull();
    expect(within(cancelled!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled!).getByText('Refunded')).toBeInTheDocument();
    expect(within(cancelled!).getByText(/No opponent/)).toBeInTheDocument();
    expect(within(final!).getByRole('link', { name: 'Tournament' })).toHaveAttribute('href', '/tournaments/T-CUP42');
    expect(within(final!).queryByText(/SOL$/)).toBeNull();
    expect(within(final!).queryByText('Refunded')).toBeNull();
  });

  it('shows "No battles fought yet" for an empty history', async () => {
    renderApp('/my-games');
    expect(await screen.findByText('No battles fought yet', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
