// A guest (no wallet) reloads mid-game: the home screen finds the rejoin key this tab kept, asks
// the server for that game by key, offers it back like a signed-in player's, and "Rejoin Game"
// returns to the battle. A key whose game is over is forgotten without a prompt.
import { ACTIVE_GAME_CHECK_DELAY_MS, ACTIVE_GAME_RESULT_TIMEOUT_MS } from '@duel-dojo/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { gameState } from '../../test-support/duel-events';
import { readRejoinKey, saveRejoinKey } from '../../features/duel/rejoin-key-store';
import { WELCOME_SEEN_KEY } from '../../features/duel/use-welcome';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

const KEY = 'k'.repeat(43);
let socket: FakeGameSocket;
beforeEach(() => {
  new FakeServer().install();
  socket = new FakeGameSocket();
  fakeSockets.current = socket;
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
});

const running = gameState({
  phase: 'round',
  round: 2,
  endTime: Date.now() + 8_000,
  version: 9,
  player1: 'old-socket',
  player1Wallet: null,
  player1Name: null,
  player2: 'bot',
  player2Wallet: null,
  player2Name: 'Bot',
  vsBot: true,
  playerCharacter: { id: 4, health: 71 },
  rejoinKey: KEY,
});

describe('a guest who reloads mid-game', () => {
  it('is offered the game back by its key, and "Rejoin Game" returns to the battle', async () => {
    saveRejoinKey({ sessionId: running.sessionId, rejoinKey: KEY });
    socket.answers.set('checkActiveGames', (_payload, answer) => answer.receive('activeGameResult', { hasActiveGame: true, gameData: { ...running, player1: socket.id } }));
    socket.answers.set('checkActiveGame', (_payload, answer) => answer.receive('activeGameCheck', { hasActiveGame: true, gameSession: { ...running, player1: socket.id } }));
    const user = userEvent.setup();
    renderApp('/');
    const prompt = await screen.findByRole('dialog', { name: 'Active game found' }, { timeout: 15_000 });
    expect(within(prompt).getByText(/Your free duel is still running \(round 2\)/)).toBeInTheDocument();
    expect(socket.sentOf('checkActiveGames')).toEqual([{ rejoinKey: KEY }]);

    await user.click(within(prompt).getByRole('button', { name: 'Rejoin Game' }));
    expect(await screen.findByRole('status', { name: 'Fight!' })).toBeInTheDocument();
    expect(socket.sentOf('checkActiveGame')).toEqual([{ rejoinKey: KEY }]);
    expect(screen.getByRole('region', { name: 'You: Guest' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Your health' })).toHaveAttribute('aria-valuenow', '71');
    expect(screen.getByText('ROUND 2')).toBeInTheDocument();
    expect(readRejoinKey()).toEqual({ sessionId: running.sessionId, rejoinKey: KEY });
  });

  it('forgets a key whose game is over, with no prompt', async () => {
    saveRejoinKey({ sessionId: running.sessionId, rejoinKey: KEY });
    socket.answers.set('checkActiveGames', (_payload, answer) => answer.receive('activeGameResult', { hasActiveGame: false, gameData: null }));
    renderApp('/');
    await waitFor(() => expect(socket.sentOf('checkActiveGames')).toEqual([{ rejoinKey: KEY }]), { timeout: 15_000 });
    await waitFor(() => expect(readRejoinKey()).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Active game found' })).toBeNull();
  });

  it('closes the prompt when its game ends meanwhile, and shows the result instead', async () => {
    saveRejoinKey({ sessionId: running.sessionId, rejoinKey: KEY });
    socket.answers.set('checkActiveGames', (_payload, answer) => answer.receive('activeGameResult', { hasActiveGame: true, gameData: { ...running, player1: socket.id } }));
    renderApp('/');
    await screen.findByRole('dialog', { name: 'Active game found' }, { timeout: 15_000 });
    // The opponent claimed the victory while the prompt was open.
    act(() =>
      socket.receive('gameState', { ...running, player1: socket.id, version: 10, phase: 'over', endTime: null, gameOver: true, winner: 'player2', endReason: 'abandoned', fairness: { ...running.fairness, serverSeed: 'a'.repeat(64) } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Active game found' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: /lost|defeat/i })).toBeInTheDocument();
    expect(readRejoinKey()).toBeNull();
  });

  it('shows the result, never the prompt, when the game ends in the message right behind the answer', async () => {
    saveRejoinKey({ sessionId: running.sessionId, rejoinKey: KEY });
    const over = { ...running, version: 10, phase: 'over', endTime: null, gameOver: true, winner: 'player2', endReason: 'abandoned', fairness: { ...running.fairness, serverSeed: 'a'.repeat(64) } };
    // Both messages handled in one task, as a polling transport delivers a batch.
    socket.answers.set('checkActiveGames', (_payload, answer) => {
      answer.receive('activeGameResult', { hasActiveGame: true, gameData: { ...running, player1: socket.id } });
      socket.receive('gameState', { ...over, player1: socket.id });
    });
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: /lost|defeat/i })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Active game found' })).toBeNull();
    expect(readRejoinKey()).toBeNull();
  });

  it('asks nothing when this tab kept no key', async () => {
    // Everything a check would need is loaded beforehand and its timers are fake: past the check's
    // delay and answer time, a check would have been sent (with a key it is), whatever the machine.
    // (The dev wallet too: its download must not outlive this short test.)
    await Promise.all([import('./duel-stage'), import('../../net/protocol-module'), import('../../features/wallet/dev-wallet/register')]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    renderApp('/');
    await vi.waitFor(() => screen.getByRole('heading', { name: 'Duel!' }), { timeout: 15_000 });
    // In steps of the delay, so the app's own promises run between the timers.
    const checkOver = ACTIVE_GAME_CHECK_DELAY_MS + ACTIVE_GAME_RESULT_TIMEOUT_MS;
    for (let waited = 0; waited <= checkOver; waited += ACTIVE_GAME_CHECK_DELAY_MS) await vi.advanceTimersByTimeAsync(ACTIVE_GAME_CHECK_DELAY_MS);
    expect(socket.sentOf('checkActiveGames')).toEqual([]);
  });
});
