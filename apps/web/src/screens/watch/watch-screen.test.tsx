// The watch page against the scripted socket (docs/spectating.md): it asks to watch, shows both
// fighters, health, the countdown and each revealed round in the fighters' names, how many
// watch; a refusal is said as the server says it; a finished duel becomes its replay.
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMITMENT, SEED, SESSION, gameState, roundEnd, roundStart } from '../../features/duel/duel-fixtures';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  server.install();
  socket = new FakeGameSocket();
  fakeSockets.current = socket;
});

const spectatorView = gameState({ version: 3, player1: 'player1', player2: 'player2', phase: 'intro' });
const logSide = (health: number, action: string) => ({ action, prediction: 'dodge', predictedRight: false, damageTaken: 100 - health, healingReceived: 0, health, factor: 1 });
const record = {
  sessionId: SESSION,
  createdAt: '2026-01-01T00:00:00.000Z',
  player1Wallet: null,
  player2Wallet: null,
  player1: null,
  player2: null,
  player1Name: 'kenji',
  player2Name: 'yuki',
  winner: 'player1',
  gameOver: true,
  betAmount: 'Free!',
  playerCharacter: { id: 4 },
  opponentCharacter: { id: 8 },
  currentRound: 2,
  rewardClaimed: false,
  stakeLamports: '0',
  payoutLamports: '0',
  stakePaidLamports: '0',
  refunded: false,
  cancelled: false,
  tournamentId: null,
  fairness: { commitment: COMMITMENT, serverSeed: SEED, clientSeeds: { player1: '', player2: '' } },
  endReason: 'knockout',
  rounds: [
    { round: 1, suddenDeath: false, roundWinner: 'player1', player1: logSide(100, 'attack'), player2: logSide(40, 'hide') },
    { round: 2, suddenDeath: false, roundWinner: 'player1', player1: logSide(100, 'attack'), player2: logSide(0, 'dodge') },
  ],
};

describe('the watch page', () => {
  it('follows a live duel: fighters, count, countdown, each round once revealed', async () => {
    const view = renderApp(`/watch/${SESSION}`);
    await vi.waitFor(() => expect(socket.sentOf('watchGame')).toEqual([{ sessionId: SESSION }]));
    act(() => socket.receive('gameState', spectatorView));
    expect(await screen.findByRole('heading', { name: 'kenji vs yuki' })).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    act(() => socket.receive('spectators', { sessionId: SESSION, count: 3 }));
    expect(await screen.findByText('3 watching')).toBeTruthy();

    act(() => socket.receive('roundStart', roundStart(1, 4, Date.now() + 10_000)));
    expect(await screen.findByText(/Moves are shown when the round is revealed/)).toBeTruthy();
    expect(screen.getByText('ROUND 1')).toBeTruthy();
    act(() => socket.receive('roundEnd', roundEnd(1, 5, [100, 62], { roundWinner: 'player1', player2: { action: 'hide', damageTaken: 38 } })));
    const results = await screen.findByRole('status', { name: 'Round 1 result' });
    expect(results.textContent).toContain('KENJI WINS THE ROUND');
    expect(results.textContent).toContain('Heal');
    expect(screen.getByRole('meter', { name: "yuki's health" }).getAttribute('aria-valuenow')).toBe('62');
    expect(screen.getByText(COMMITMENT)).toBeTruthy();

    view.unmount();
    expect(socket.sentOf('unwatchGame')).toEqual([{ sessionId: SESSION }]);
  });

  it('says why watching was refused', async () => {
    socket.answers.set('watchGame', (_payload, server) => server.receive('error', { message: 'This duel has as many spectators as it can take', code: 'SPECTATORS_FULL', event: 'watchGame' }));
    renderApp(`/watch/${SESSION}`);
    expect(await screen.findByText('This duel has as many spectators as it can take')).toBeTruthy();
  });

  it('turns a finished duel into its replay, round by round', async () => {
    server.overrides.set(`GET /api/games/${SESSION}`, () => new Response(JSON.stringify({ success: true, game: record })));
    socket.answers.set('watchGame', (_payload, server) =>
      server.receive('gameState', { ...spectatorView, version: 0, phase: 'over', gameOver: true, winner: 'player1', endReason: 'knockout', round: 2, fairness: { commitment: COMMITMENT, serverSeed: SEED, clientSeeds: { player1: '', player2: '' } } }),
    );
    renderApp(`/watch/${SESSION}`);
    expect(await screen.findByText('kenji wins · Knock-out')).toBeTruthy();
    expect((await screen.findByRole('status', { name: 'Round 2 result' })).textContent).toContain('KENJI WINS THE ROUND');
    expect(screen.getByText('Finished')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '◀ Previous' }));
    expect(await screen.findByRole('status', { name: 'Round 1 result' })).toBeTruthy();
    expect(screen.getByRole('meter', { name: "yuki's health" }).getAttribute('aria-valuenow')).toBe('40');
    fireEvent.click(screen.getByRole('button', { name: '◀ Previous' }));
    expect(await screen.findByText('Both fighters at full health. Press Play.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '◀ Previous' }).hasAttribute('disabled')).toBe(true);
  });
});
