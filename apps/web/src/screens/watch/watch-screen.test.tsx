// The watch page against the scripted socket (docs/spectating.md): it asks to watch, shows both
// fighters, health, the countdown and each revealed round in the fighters' names, how many
// watch; a refusal is said as the server says it; a finished duel becomes its replay.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMMITMENT, SEED, SESSION, gameState, roundEnd, roundStart } from '../../test-support/duel-events';
import { useFakeBackends } from '../../test-support/fake-backends';
import type { FakeServer } from '../../test-support/fake-server';
import type { FakeGameSocket } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
let server: FakeServer;
useFakeBackends((fresh) => ({ server, socket } = fresh));

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
    expect(await screen.findByRole('heading', { name: 'kenji vs yuki' })).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    act(() => socket.receive('spectators', { sessionId: SESSION, count: 3 }));
    expect(await screen.findByText('3 watching')).toBeInTheDocument();

    act(() => socket.receive('roundStart', roundStart(1, 4, Date.now() + 10_000)));
    expect(await screen.findByText(/Moves are shown when the round is revealed/)).toBeInTheDocument();
    expect(screen.getByText('ROUND 1')).toBeInTheDocument();
    act(() => socket.receive('roundEnd', roundEnd(1, 5, [100, 62], { player2: { action: 'hide', damageTaken: 38 } })));
    const results = await screen.findByRole('status', { name: 'Round 1 result' });
    expect(results).toHaveTextContent('KENJI WINS THE ROUND');
    expect(results).toHaveTextContent('Heal');
    expect(screen.getByRole('meter', { name: "yuki's health" })).toHaveAttribute('aria-valuenow', '62');
    expect(screen.getByText(COMMITMENT)).toBeInTheDocument();

    view.unmount();
    expect(socket.sentOf('unwatchGame')).toEqual([{ sessionId: SESSION }]);
  });

  it('follows a whole duel from roundStart and roundEnd alone, then the final state turns it into its replay', async () => {
    server.overrides.set(`GET /api/games/${SESSION}`, () => new Response(JSON.stringify({ success: true, game: record })));
    renderApp(`/watch/${SESSION}`);
    await vi.waitFor(() => expect(socket.sentOf('watchGame')).toHaveLength(1));
    act(() => socket.receive('gameState', spectatorView));
    expect(await screen.findByText(/round 1 is about to start/)).toBeInTheDocument();
    const secondsLeft = () => screen.getByText((_text, element) => /^\d+ seconds left$/.test(element?.getAttribute('aria-label') ?? '')).getAttribute('aria-label');
    const health = () => screen.getByRole('meter', { name: "yuki's health" }).getAttribute('aria-valuenow');

    act(() => socket.receive('roundStart', roundStart(1, 4, Date.now() + 10_000)));
    expect(await screen.findByText('ROUND 1')).toBeInTheDocument();
    await waitFor(() => expect(secondsLeft()).toMatch(/^(9|10) seconds left$/));
    act(() => socket.receive('roundEnd', roundEnd(1, 5, [100, 40], { player2: { action: 'hide', damageTaken: 60 } })));
    expect(await screen.findByRole('status', { name: 'Round 1 result' })).toHaveTextContent('KENJI WINS THE ROUND');
    expect(health()).toBe('40');

    act(() => socket.receive('roundStart', roundStart(2, 6, Date.now() + 8_000)));
    expect(await screen.findByText('ROUND 2')).toBeInTheDocument();
    await waitFor(() => expect(secondsLeft()).toMatch(/^(7|8) seconds left$/));
    expect(screen.queryByRole('status', { name: 'Round 1 result' })).toBeNull();
    expect(health()).toBe('40');

    act(() => {
      socket.receive('roundEnd', roundEnd(2, 7, [100, 0], { winner: 'player1', player2: { action: 'dodge', damageTaken: 40 } }));
      socket.receive('gameState', { ...spectatorView, version: 8, phase: 'over', round: 2, gameOver: true, winner: 'player1', endReason: 'knockout', opponentCharacter: { id: 8, health: 0 }, fairness: { commitment: COMMITMENT, serverSeed: SEED, clientSeeds: { player1: '', player2: '' } } });
    });
    expect(await screen.findByText('kenji wins · Knock-out')).toBeInTheDocument();
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Round 2 result' })).toHaveTextContent('KENJI WINS THE ROUND');
    // Every version came in order: watched once.
    expect(socket.sentOf('watchGame')).toHaveLength(1);
  });

  it('watches again for the full state when a round event skips a version', async () => {
    renderApp(`/watch/${SESSION}`);
    await vi.waitFor(() => expect(socket.sentOf('watchGame')).toHaveLength(1));
    act(() => socket.receive('gameState', spectatorView));
    await screen.findByRole('heading', { name: 'kenji vs yuki' });
    socket.answers.set('watchGame', (_payload, server) => server.receive('gameState', { ...spectatorView, version: 6, phase: 'round', round: 2, endTime: Date.now() + 9_000, opponentCharacter: { id: 8, health: 55 } }));
    // Round 1's start and end never arrived (versions 4 and 5).
    act(() => socket.receive('roundStart', roundStart(2, 6, Date.now() + 9_000)));
    await vi.waitFor(() => expect(socket.sentOf('watchGame')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('meter', { name: "yuki's health" })).toHaveAttribute('aria-valuenow', '55'));
    expect(screen.getByText('ROUND 2')).toBeInTheDocument();
  });

  it('says why watching was refused', async () => {
    socket.answers.set('watchGame', (_payload, server) => server.receive('error', { message: 'This duel has as many spectators as it can take', code: 'SPECTATORS_FULL', event: 'watchGame' }));
    renderApp(`/watch/${SESSION}`);
    expect(await screen.findByText('This duel has as many spectators as it can take')).toBeInTheDocument();
  });

  it('turns a finished duel into its replay, round by round', async () => {
    server.overrides.set(`GET /api/games/${SESSION}`, () => new Response(JSON.stringify({ success: true, game: record })));
    socket.answers.set('watchGame', (_payload, server) =>
      server.receive('gameState', { ...spectatorView, version: 0, phase: 'over', gameOver: true, winner: 'player1', endReason: 'knockout', round: 2, fairness: { commitment: COMMITMENT, serverSeed: SEED, clientSeeds: { player1: '', player2: '' } } }),
    );
    renderApp(`/watch/${SESSION}`);
    const user = userEvent.setup();
    expect(await screen.findByText('kenji wins · Knock-out')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Round 2 result' })).toHaveTextContent('KENJI WINS THE ROUND');
    expect(screen.getByText('Finished')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '◀ Previous' }));
    expect(await screen.findByRole('status', { name: 'Round 1 result' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: "yuki's health" })).toHaveAttribute('aria-valuenow', '40');
    await user.click(screen.getByRole('button', { name: '◀ Previous' }));
    expect(await screen.findByText('Both fighters at full health. Press Play.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '◀ Previous' })).toBeDisabled();
  });
});
