// The presence bar in the whole app against the scripted socket (docs/leaving-a-game.md): the
// opponent's connection with the time since it dropped, "locked in" (never which move), Claim
// victory offered only once the opponent has been away for the claim delay, Resign confirmed with
// what it costs, and the server's refusal shown as it says it.
import { CLAIM_VICTORY_AFTER_MS } from '@duel-dojo/rules';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gameState } from '../../test-support/duel-events';
import type { FakeGameSocket } from '../../test-support/fake-socket';
import { freshGameSocket, joinFreeAsGuest } from '../../test-support/guest-duel';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
beforeEach(() => {
  socket = freshGameSocket();
});

const intro = gameState({ player1Wallet: null, player1Name: null, phase: 'intro', version: 2, stakeLamports: '33333333', betAmount: '5$' });
const SESSION = intro.sessionId;

/** A running round 1 against "yuki", as a guest who joined a free game. */
async function inRoundOne(): Promise<void> {
  await joinFreeAsGuest(socket, intro);
  act(() => socket.receive('roundStart', { sessionId: SESSION, version: 3, round: 1, endTime: Date.now() + 10_000 }));
  await screen.findByRole('group', { name: "Predict the enemy's move" });
}

describe('the opponent on the battle screen', () => {
  it('says when the opponent locked in, never with which move', async () => {
    await inRoundOne();
    act(() => socket.receive('opponentLocked', { sessionId: SESSION, version: 3, round: 1 }));
    expect(await screen.findByText('Opponent locked in')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('shows how long the opponent has been away, and offers the claim only after the delay', async () => {
    await inRoundOne();
    act(() => socket.receive('opponentStatus', { sessionId: SESSION, version: 3, connected: false, since: Date.now() - 12_000 }));
    expect(await screen.findByText('Opponent disconnected · 0:12')).toBeInTheDocument();
    const early = screen.getByRole('button', { name: `Claim victory in ${CLAIM_VICTORY_AFTER_MS / 1000 - 12} s` });
    expect(early).toBeDisabled();

    act(() => socket.receive('opponentStatus', { sessionId: SESSION, version: 3, connected: false, since: Date.now() - CLAIM_VICTORY_AFTER_MS - 1_000 }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Claim victory' }));
    expect(socket.sentOf('claimVictory')).toEqual([{ sessionId: SESSION }]);
    act(() => socket.receive('error', { message: 'Your opponent is connected: the game goes on', code: 'OPPONENT_CONNECTED', event: 'claimVictory' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your opponent is connected: the game goes on$/);

    act(() => socket.receive('opponentStatus', { sessionId: SESSION, version: 3, connected: true, since: Date.now() }));
    expect(await screen.findByText('Opponent connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Claim victory/ })).toBeNull();
  });

  it('resigns only after the player confirms, naming the stake given away', async () => {
    await inRoundOne();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resign this duel?' });
    expect(dialog).toHaveTextContent('0.0333 SOL');
    await user.click(within(dialog).getByRole('button', { name: 'Keep fighting' }));
    expect(socket.sentOf('resign')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Resign this duel?' })).getByRole('button', { name: 'Resign' }));
    expect(socket.sentOf('resign')).toEqual([{ sessionId: SESSION }]);
  });
});
