// The player's own seed in the whole app (docs/fairness.md): sent once, when the followed game
// first shows its commitment before round 1; the seed typed in "How is this fair?" (checked)
// instead of a random one; and never a second one after a reload, whose rejoin finds the seed
// and the commitment this tab kept.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSeen } from '../../features/duel/client-seed-store';
import { COMMITMENT, gameState } from '../../test-support/duel-events';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { freshGameSocket, joinFreeAsGuest } from '../../test-support/guest-duel';
import { renderApp } from '../../test-support/render-app';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
beforeEach(() => {
  socket = freshGameSocket();
});

const KEY = 'k'.repeat(43);
const intro = gameState({ player1Wallet: null, player1Name: null, player2: 'bot', player2Wallet: null, player2Name: 'Bot', vsBot: true, phase: 'intro', version: 2, rejoinKey: KEY });
const SESSION = intro.sessionId;

/** Free! -> Ghost -> Fight!, matched at once with `state` (the joiner's first gameState). */
async function joinFree(state = intro): Promise<void> {
  await joinFreeAsGuest(socket, state);
}

const sentSeeds = () => socket.sentOf('submitClientSeed') as { sessionId: string; clientSeed: string }[];

async function openPanel(): Promise<void> {
  await userEvent.setup().click(screen.getByText('How is this fair?'));
}

describe("the player's own seed", () => {
  it('is sent once, 16 random bytes as hex, when the commitment first shows; the panel shows both', async () => {
    await joinFree();
    await waitFor(() => expect(sentSeeds()).toHaveLength(1));
    const [sent] = sentSeeds();
    expect(sent).toEqual({ sessionId: SESSION, clientSeed: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(loadSeen(SESSION)).toEqual({ sessionId: SESSION, commitment: COMMITMENT, seed: sent!.clientSeed, refused: null, slot: 'player1' });

    act(() => socket.receive('roundStart', { sessionId: SESSION, version: 3, round: 1, endTime: Date.now() + 10_000 }));
    await screen.findByRole('group', { name: "Predict the enemy's move" });
    expect(sentSeeds()).toHaveLength(1);

    await openPanel();
    expect(screen.getAllByText(COMMITMENT).length).toBeGreaterThan(0);
    expect(screen.getByText(sent!.clientSeed)).toBeInTheDocument();
    // From round 1 on, no field: the seeds are fixed.
    expect(screen.queryByLabelText('Your own seed')).toBeNull();
  });

  it('uses the seed typed in the panel, checked first, instead of a random one', async () => {
    await joinFree();
    await waitFor(() => expect(sentSeeds()).toHaveLength(1));
    const user = userEvent.setup();
    await openPanel();
    const field = screen.getByLabelText('Your own seed');
    await user.type(field, 'lucky seed!');
    await user.click(screen.getByRole('button', { name: 'Use my seed' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Use only letters, digits, _ and - \(no spaces\)\.$/);
    await user.clear(field);
    await user.paste('x'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Use my seed' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^A seed is at most 64 characters\.$/);
    await user.clear(field);
    await user.type(field, 'lucky_seed-7');
    await user.click(screen.getByRole('button', { name: 'Use my seed' }));
    // This game took its seed with the commitment: the typed one goes with the next.
    expect(screen.getByText(/^Saved: this game already has your seed/)).toHaveTextContent(/next games in this tab/);
    expect(sentSeeds()).toHaveLength(1);

    cleanup();
    socket = new FakeGameSocket();
    socket.id = 'socket-three';
    fakeSockets.current = socket;
    await joinFree(gameState({ ...intro, sessionId: 'session-2', rejoinKey: 'n'.repeat(43) }));
    await waitFor(() => expect(sentSeeds()).toEqual([{ sessionId: 'session-2', clientSeed: 'lucky_seed-7' }]));
  });

  it('is not sent again after a reload: the rejoin keeps the seed and the commitment of before', async () => {
    await joinFree();
    await waitFor(() => expect(sentSeeds()).toHaveLength(1));
    const [first] = sentSeeds();

    // The reload: a new page, a new socket, the same tab's sessionStorage.
    cleanup();
    socket = new FakeGameSocket();
    socket.id = 'socket-reloaded';
    fakeSockets.current = socket;
    const again = { ...intro, player1: socket.id, version: 2 };
    socket.answers.set('checkActiveGames', (_payload, server) => server.receive('activeGameResult', { hasActiveGame: true, gameData: again }));
    socket.answers.set('checkActiveGame', (_payload, server) => server.receive('activeGameCheck', { hasActiveGame: true, gameSession: again }));
    renderApp('/');
    const prompt = await screen.findByRole('dialog', { name: 'Active game found' }, { timeout: 15_000 });
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Rejoin Game' }));
    expect(await screen.findByRole('status', { name: 'Fight!' })).toBeInTheDocument();
    // A seed would go out from the effects of the state just shown: flushed here, not waited for.
    await act(async () => undefined);
    expect(sentSeeds()).toEqual([]);

    // A refusal that comes anyway (the round began) is nothing to alarm the player with.
    act(() => socket.receive('error', { message: 'Too late', code: 'CLIENT_SEED_TOO_LATE', event: 'submitClientSeed' }));
    expect(screen.queryByText('Too late')).toBeNull();
    expect(loadSeen(SESSION)?.seed).toBe(first!.clientSeed);
    await openPanel();
    expect(screen.getByText(first!.clientSeed)).toBeInTheDocument();
  });
});
