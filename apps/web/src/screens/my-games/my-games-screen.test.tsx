// Battle history: every field of spec §2 "My games" and the reward states of spec §4.
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
    expect(within(wonPaid!).getByText('Warrior')).toBeTruthy();
    expect(within(wonPaid!).getByRole('link', { name: 'Rival' }).getAttribute('href')).toBe(`/profile/${OPPONENT}`);
    expect(within(wonPaid!).getByText('Paid Match')).toBeTruthy();
    expect(within(wonPaid!).getByText('Victory')).toBeTruthy();
    expect(within(wonPaid!).getByText('4 rounds')).toBeTruthy();
    expect(within(wonPaid!).getByRole('button', { name: 'Claim Reward' })).toBeTruthy();
    expect(within(claimed!).getByText('Prize Claimed')).toBeTruthy();
    expect(within(lostFree!).getByText('Warrior')).toBeTruthy();
    expect(within(lostFree!).getByText('Defeat')).toBeTruthy();
    expect(within(lostFree!).getByText('Quick match')).toBeTruthy();
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
    expect(within(drawn!).getByText('Draw')).toBeTruthy();
    expect(within(drawn!).getByText('0.0333 SOL')).toBeTruthy();
    expect(within(drawn!).getByText('Refunded')).toBeTruthy();
    expect(within(drawn!).queryByRole('button')).toBeNull();
    expect(within(cancelled!).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled!).getByText('Refunded')).toBeTruthy();
    expect(within(cancelled!).getByText(/No opponent/)).toBeTruthy();
    expect(within(final!).getByRole('link', { name: 'Tournament' }).getAttribute('href')).toBe('/tournaments/T-CUP42');
    expect(within(final!).queryByText(/SOL$/)).toBeNull();
    expect(within(final!).queryByText('Refunded')).toBeNull();
  });

  it('shows "No battles fought yet" for an empty history', async () => {
    renderApp('/my-games');
    expect(await screen.findByText('No battles fought yet', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
