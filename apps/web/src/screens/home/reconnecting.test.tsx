// The battle screen while its game is cut off from the server, in the whole app against the
// scripted socket: the "Reconnecting" notice above the moves on a drop, until the full state
// asked for on reconnect arrives; a move chosen offline is sent then if its round still runs, else
// it is missed; a game the server resumed from its last closed round restarts the round on
// screen; a move counts as locked only once the server confirms it; no notice without a live game.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gameState } from '../../test-support/duel-events';
import { MISSED_MOVE_TEXT, RECONNECTING_SLOW_TEXT, RECONNECTING_TEXT } from '../../features/duel/duel-texts';
import { QUEUED_OFFLINE_TEXT, SENDING_TEXT } from '../../components/move-picker/move-picker';
import type { FakeGameSocket } from '../../test-support/fake-socket';
import { freshGameSocket, joinFreeAsGuest } from '../../test-support/guest-duel';
import { renderApp } from '../../test-support/render-app';
import { ReconnectingBanner } from './reconnecting-banner';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
beforeEach(() => {
  socket = freshGameSocket();
});

const guestSeat = { player1Wallet: null, player1Name: null, player2: 'bot', player2Wallet: null, player2Name: 'Bot', vsBot: true };
const introState = gameState({ ...guestSeat, phase: 'intro', version: 2 });
/** Between rounds 1 and 2, as the server says it after round 1 closed (and after resuming from it). */
const afterRoundOne = (version: number, player1 = socket.id) => ({ ...introState, player1, phase: 'results' as const, round: 1, version, playerCharacter: { id: 4, health: 80 }, opponentCharacter: { id: 8, health: 64 } });

const reconnectingNotice = () => screen.queryByText(RECONNECTING_TEXT);
const choices = (name: string) => within(screen.getByRole('group', { name })).getAllByRole('button');

/** Free! -> Ghost -> Fight! against the bot, round 1 closed, round 2 running, Dodge predicted. */
async function predictedInRoundTwo(): Promise<number> {
  await joinFreeAsGuest(socket, introState);
  const endTime = Date.now() + 10_000;
  act(() => {
    socket.receive('gameState', afterRoundOne(3));
    socket.receive('roundStart', { sessionId: introState.sessionId, version: 4, round: 2, endTime });
  });
  await userEvent.setup().click(within(await screen.findByRole('group', { name: "Predict the enemy's move" })).getByRole('button', { name: 'Dodge' }));
  await screen.findByRole('group', { name: 'Choose your move' });
  return endTime;
}

describe('reconnecting during a duel', () => {
  it('shows the notice on a drop, keeps the health bars, and clears it on the resumed full state; a move chosen offline for the voided round is not sent; the round then restarts', async () => {
    await predictedInRoundTwo();
    // Resumed from round 1 (the last closed one), far ahead in versions: round 2 will start again.
    socket.answers.set('checkActiveGame', (_payload, server) => server.receive('activeGameCheck', { hasActiveGame: true, gameSession: afterRoundOne(40) }));

    const user = userEvent.setup();
    act(() => socket.drop());
    const notice = screen.getByText(RECONNECTING_TEXT).closest('[role="status"]');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('meter', { name: 'Your health' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByRole('meter', { name: 'Opponent health' })).toHaveAttribute('aria-valuenow', '64');
    // Chosen offline: kept, not sent, and not shown as locked.
    await user.keyboard('a');
    expect(socket.sentOf('playerAction')).toEqual([]);
    expect(screen.getByText(QUEUED_OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Locked in')).toBeNull();

    // Back, but the full state has not come yet: still reconnecting.
    act(() => socket.reconnect());
    expect(reconnectingNotice()).toBeInTheDocument();
    await waitFor(() => expect(reconnectingNotice()).toBeNull());
    expect(socket.sentOf('checkActiveGame')).toHaveLength(1);
    // Round 2 is void until its new roundStart: no picks, the prediction is gone.
    expect(screen.getByText('Get ready…')).toBeInTheDocument();
    expect(screen.getByText('ROUND 2')).toBeInTheDocument();

    act(() => socket.receive('roundStart', { sessionId: introState.sessionId, version: 41, round: 2, endTime: Date.now() + 10_000 }));
    expect(choices("Predict the enemy's move").some((button) => button.hasAttribute('disabled'))).toBe(false);
    await user.keyboard('ha');
    expect(await screen.findByText(SENDING_TEXT)).toBeInTheDocument();
    expect(socket.sentOf('playerAction')).toEqual([{ action: 'attack', prediction: 'hide', round: 2 }]);
    act(() => socket.receive('actionConfirmed', { sessionId: introState.sessionId, version: 41, round: 2, action: 'attack', prediction: 'hide' }));
    expect(await screen.findByText('Locked in')).toBeInTheDocument();
  });

  it('sends a move chosen offline once the game is back, when its round still runs', async () => {
    const endTime = await predictedInRoundTwo();
    const running = { ...afterRoundOne(4, 'socket-one-again'), phase: 'round' as const, round: 2, endTime };
    socket.answers.set('checkActiveGame', (_payload, server) => server.receive('activeGameCheck', { hasActiveGame: true, gameSession: running }));
    act(() => socket.drop());
    await userEvent.setup().click(within(screen.getByRole('group', { name: 'Choose your move' })).getByRole('button', { name: /Heal/ }));
    expect(socket.sentOf('playerAction')).toEqual([]);
    act(() => socket.reconnect());
    await waitFor(() => expect(socket.sentOf('playerAction')).toEqual([{ action: 'hide', prediction: 'dodge', round: 2 }]));
    expect(screen.getByText(SENDING_TEXT)).toBeInTheDocument();
  });

  it('says a move was missed when its round closed before the server confirmed it', async () => {
    await predictedInRoundTwo();
    await userEvent.setup().keyboard('a');
    expect(socket.sentOf('playerAction')).toHaveLength(1);
    const side = { action: null, prediction: null, predictedRight: false, damageTaken: 5, healingReceived: 0 };
    act(() =>
      socket.receive('roundEnd', { sessionId: introState.sessionId, version: 5, round: 2, player1Health: 75, player2Health: 64, roundWinner: 'player2', suddenDeath: false, gameOver: false, winner: null, player1: side, player2: { ...side, damageTaken: 0 } }),
    );
    expect(await screen.findByText(MISSED_MOVE_TEXT)).toBeInTheDocument();
  });

  it('after a plain network drop, the ordinary full state clears the notice and the round goes on with its pick', async () => {
    const endTime = await predictedInRoundTwo();
    const running = { ...afterRoundOne(4, 'socket-one-again'), phase: 'round' as const, round: 2, endTime };
    socket.answers.set('checkActiveGame', (_payload, server) => server.receive('activeGameCheck', { hasActiveGame: true, gameSession: running }));
    act(() => socket.drop());
    expect(reconnectingNotice()).toBeInTheDocument();
    act(() => socket.reconnect());
    await waitFor(() => expect(reconnectingNotice()).toBeNull());
    expect(choices('Choose your move').some((button) => button.hasAttribute('disabled'))).toBe(false);
    expect(screen.getByText('Dodge', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows no notice when no game is followed', async () => {
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Free!' }));
    await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 15_000 });
    act(() => socket.drop());
    expect(reconnectingNotice()).toBeNull();
    act(() => socket.reconnect());
    expect(reconnectingNotice()).toBeNull();
    expect(socket.sentOf('checkActiveGame')).toEqual([]);
  });

  it('shows no notice once the game is over', async () => {
    await predictedInRoundTwo();
    act(() => socket.receive('gameState', { ...afterRoundOne(5), phase: 'over', round: 2, gameOver: true, winner: 'player2', playerCharacter: { id: 4, health: 0 } }));
    await screen.findByText('The duel is over.');
    act(() => socket.drop());
    expect(reconnectingNotice()).toBeNull();
  });

  it('adds the hint when reconnecting lasts', () => {
    const { rerender } = render(<ReconnectingBanner reconnecting={{ active: true, slow: false }} />);
    expect(screen.getByText(RECONNECTING_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(RECONNECTING_SLOW_TEXT)).toBeNull();
    rerender(<ReconnectingBanner reconnecting={{ active: true, slow: true }} />);
    expect(screen.getByText(RECONNECTING_SLOW_TEXT)).toBeInTheDocument();
    rerender(<ReconnectingBanner reconnecting={{ active: false, slow: false }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });
});
