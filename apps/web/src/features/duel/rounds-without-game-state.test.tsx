// A whole duel as the server now sends it (docs/architecture.md, a game's flow): one gameState
// at the match, then per round only roundStart, actionConfirmed / opponentLocked and roundEnd,
// and one gameState at the end with the seed and the end reason. The player sees every round's
// number, timer, health and result, and the verdict, without asking for a full state.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { SEED, SESSION, confirmed, gameState, roundEnd, roundStart } from '../../test-support/duel-events';
import { WELCOME_SEEN_KEY } from './use-welcome';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
beforeEach(() => {
  new FakeServer().install();
  socket = new FakeGameSocket();
  fakeSockets.current = socket;
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
});

const seats = { player1: 'socket-one', player1Wallet: null, player1Name: null, player2: 'socket-two', player2Wallet: null, player2Name: 'yuki' };
const match = gameState({ ...seats, phase: 'intro', version: 2 });
const health = (label: string) => screen.getByRole('meter', { name: label }).getAttribute('aria-valuenow');
/** The clock counts down to the roundStart's endTime: whole seconds rounded up, read a tick ago at most. */
function expectClockAt(endTime: number): void {
  const shown = Number(/^(\d+) seconds left$/.exec(secondsLeft() ?? '')?.[1]);
  const left = (endTime - Date.now()) / 1000;
  expect(shown).toBeGreaterThanOrEqual(Math.floor(left));
  expect(shown).toBeLessThanOrEqual(Math.ceil(left) + 1);
}
const secondsLeft = () => screen.getByText((_text, element) => /^\d+ seconds left$|^Round not running$/.test(element?.getAttribute('aria-label') ?? '')).getAttribute('aria-label');

async function matched(): Promise<void> {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Free!' }));
  const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 3000 });
  await user.click(within(picker).getByRole('button', { name: /^Ghost/ }));
  socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', match));
  await user.click(screen.getByRole('button', { name: 'Fight!' }));
  await screen.findByRole('status', { name: 'Fight!' });
}

describe('a duel played with roundStart and roundEnd only', () => {
  it('shows each round, its timer, the health and the results, then the verdict from the final state', { timeout: 30_000 }, async () => {
    await matched();

    const firstEnd = Date.now() + 10_000;
    act(() => socket.receive('roundStart', roundStart(1, 3, firstEnd)));
    await screen.findByRole('group', { name: "Predict the enemy's move" });
    expect(screen.getByText('ROUND 1')).toBeInTheDocument();
    expectClockAt(firstEnd);
    await userEvent.setup().keyboard('da');
    expect(socket.sentOf('playerAction')).toEqual([{ action: 'attack', prediction: 'dodge', round: 1 }]);
    act(() => {
      socket.receive('actionConfirmed', confirmed(1, 3, 'attack', 'dodge'));
      socket.receive('opponentLocked', { sessionId: SESSION, version: 3, round: 1 });
    });
    expect(await screen.findByText('Locked in')).toBeInTheDocument();

    act(() => socket.receive('roundEnd', roundEnd(1, 4, [100, 62], { player2: { action: 'hide', damageTaken: 38 } })));
    const first = await screen.findByRole('status', { name: 'Round 1 result' });
    expect(within(first).getByText('YOU WON!')).toBeInTheDocument();
    expect([health('Your health'), health('Opponent health')]).toEqual(['100', '62']);
    expect(secondsLeft()).toBe('Round not running');

    // Round 2 starts while round 1's results are on screen: it shows once they are done.
    const secondEnd = Date.now() + 14_000;
    act(() => socket.receive('roundStart', roundStart(2, 5, secondEnd)));
    await screen.findByRole('group', { name: "Predict the enemy's move" }, { timeout: 6000 });
    expect(screen.getByText('ROUND 2')).toBeInTheDocument();
    expectClockAt(secondEnd);
    expect(screen.queryByText('Locked in')).toBeNull();

    act(() => socket.receive('roundEnd', roundEnd(2, 6, [0, 62], { winner: 'player2', player1: { action: null, prediction: null, damageTaken: 100 } })));
    const second = await screen.findByRole('status', { name: 'Round 2 result' });
    expect(within(second).getByText('YOU LOST')).toBeInTheDocument();
    expect([health('Your health'), health('Opponent health')]).toEqual(['0', '62']);

    act(() =>
      socket.receive('gameState', {
        ...match,
        phase: 'over',
        round: 2,
        version: 7,
        gameOver: true,
        winner: 'player2',
        endReason: 'knockout',
        playerCharacter: { id: 4, health: 0 },
        opponentCharacter: { id: 8, health: 62 },
        fairness: { ...match.fairness, serverSeed: SEED, clientSeeds: { player1: '', player2: '' } },
      }),
    );
    const over = await screen.findByRole('dialog', { name: 'Defeat' }, { timeout: 6000 });
    expect(over).toHaveTextContent('yuki won the duel.');
    expect(over).toHaveTextContent('Knock-out');
    // Every version came in order: the client never asked for the full state.
    await waitFor(() => expect(socket.sentOf('checkActiveGame')).toEqual([]));
  });

  it('asks for the full state when a round event skips a version, and shows what it gets', { timeout: 10_000 }, async () => {
    await matched();
    socket.answers.set('checkActiveGame', (_payload, server) =>
      server.receive('activeGameCheck', { hasActiveGame: true, gameSession: { ...match, phase: 'round', round: 2, endTime: Date.now() + 8_000, version: 6, playerCharacter: { id: 4, health: 70 }, opponentCharacter: { id: 8, health: 55 } } }),
    );
    // Round 1's start and end never arrived (versions 3 and 4): round 2 starts with a gap.
    act(() => socket.receive('roundStart', roundStart(2, 5, Date.now() + 8_000)));
    await waitFor(() => expect(socket.sentOf('checkActiveGame')).toHaveLength(1));
    await waitFor(() => expect([health('Your health'), health('Opponent health')]).toEqual(['70', '55']));
    expect(screen.getByText('ROUND 2')).toBeInTheDocument();
  });
});

describe('the players online and active games', () => {
  it('are asked for again each time a waiting screen shows them, as a seated socket gets no pushes', { timeout: 20_000 }, async () => {
    const waiting = gameState({ ...seats, phase: 'waiting', version: 1, player2: null, player2Name: null, opponentCharacter: null, inviteCode: 'inv123', canInvite: true });
    let asked = 0;
    socket.answers.set('requestStats', (_payload, server) => {
      asked += 1;
      server.receive('gameStats', { onlinePlayers: 2 + asked, activeGames: asked });
    });
    const user = userEvent.setup();
    renderApp('/');
    const fight = async (answer: typeof waiting) => {
      await user.click(await screen.findByRole('button', { name: 'Free!' }));
      const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 3000 });
      await user.click(within(picker).getByRole('button', { name: /^Ghost/ }));
      socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', answer));
      await user.click(screen.getByRole('button', { name: 'Fight!' }));
      return screen.findByRole('dialog', { name: 'Waiting for an opponent' });
    };

    const first = await fight(waiting);
    await waitFor(() => expect(first).toHaveTextContent('3 players online'));
    // Matched (the server stops the pushes to this seat), played, over.
    act(() => {
      socket.receive('gameState', match);
      socket.receive('roundStart', roundStart(1, 3, Date.now() + 10_000));
      socket.receive('roundEnd', roundEnd(1, 4, [0, 62], { winner: 'player2', player1: { damageTaken: 100 } }));
      socket.receive('gameState', { ...match, phase: 'over', round: 1, version: 5, gameOver: true, winner: 'player2', endReason: 'knockout' });
    });
    const over = await screen.findByRole('dialog', { name: 'Defeat' }, { timeout: 6000 });
    await user.click(within(over).getByRole('button', { name: 'New Game' }));

    const second = await fight({ ...waiting, sessionId: 'session-2' });
    await waitFor(() => expect(second).toHaveTextContent('4 players online'));
    expect(second).toHaveTextContent('2 active games');
    expect(socket.sentOf('requestStats')).toHaveLength(2);
  });
});
