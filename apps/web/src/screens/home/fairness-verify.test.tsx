// Verify in the game-over popup (docs/fairness.md), on a game played in the whole app: it passes
// on an honest game, and fails in red, naming what differs, on a tampered round, on a revealed
// own seed that is not the one this tab sent, and on a seed whose commitment is not the one
// shown before round 1 (even when the final state's commitment agrees with it).
import { type ClientSeeds, type Slot, characterOrDefault, fairnessCommitment, hitFactor, resolveRound } from '@duel-dojo/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
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

const SERVER_SEED = 'c'.repeat(64);
const OTHER_SEED = 'd'.repeat(64);
const guest = { player1Wallet: null, player1Name: null, player2: 'bot', player2Wallet: null, player2Name: 'Bot', vsBot: true };
const intro = gameState({ ...guest, phase: 'intro', version: 2, fairness: { commitment: fairnessCommitment(SERVER_SEED), serverSeed: null, clientSeeds: null } });
const SESSION = intro.sessionId;

/** Joins a free game and returns the seed the app sent with the commitment. */
async function joinFree(): Promise<string> {
  await joinFreeAsGuest(socket, intro);
  await waitFor(() => expect(socket.sentOf('submitClientSeed')).toHaveLength(1));
  return (socket.sentOf('submitClientSeed')[0] as { clientSeed: string }).clientSeed;
}

/** Round 1 as a server with `serverSeed` and `clientSeeds` resolves it. */
function roundOne(serverSeed: string, clientSeeds: ClientSeeds | null) {
  const side = (slot: Slot, id: number, action: 'attack' | 'dodge', prediction: 'dodge' | 'hide') => {
    const { fightScore, defendScore } = characterOrDefault(id);
    return { fighter: { fightScore, defendScore }, health: 100, move: { action, prediction }, factor: hitFactor(serverSeed, SESSION, 1, slot, clientSeeds) };
  };
  const outcome = resolveRound({ round: 1, player1: side('player1', 4, 'attack', 'dodge'), player2: side('player2', 8, 'attack', 'hide') });
  const shown = (slot: Slot) => ({ action: outcome[slot].action, prediction: outcome[slot].prediction, predictedRight: outcome[slot].predictedRight, damageTaken: outcome[slot].damageTaken, healingReceived: outcome[slot].healingReceived });
  return { sessionId: SESSION, version: 4, round: 1, player1Health: outcome.player1.health, player2Health: outcome.player2.health, roundWinner: outcome.roundWinner, suddenDeath: false, gameOver: true, winner: 'player1' as const, player1: shown('player1'), player2: shown('player2') };
}

type RoundEndShown = ReturnType<typeof roundOne>;

/** Plays round 1 to the end with `end` and reveals `fairness`; resolves with the popup's Verify result. */
async function finish(end: RoundEndShown, fairness: { commitment: string; serverSeed: string; clientSeeds: ClientSeeds | null }): Promise<HTMLElement> {
  act(() => socket.receive('roundStart', { sessionId: SESSION, version: 3, round: 1, endTime: Date.now() + 10_000 }));
  act(() => {
    socket.receive('roundEnd', end);
    socket.receive('gameState', { ...intro, player1: socket.id, phase: 'over', round: 1, version: 5, gameOver: true, winner: 'player1', playerCharacter: { id: 4, health: end.player1Health }, opponentCharacter: { id: 8, health: end.player2Health }, fairness });
  });
  const over = await screen.findByRole('dialog', { name: 'Victory!' }, { timeout: 15_000 });
  const user = userEvent.setup();
  await user.click(within(over).getByText('Provably fair'));
  await user.click(within(over).getByRole('button', { name: 'Verify' }));
  return over;
}

const verdict = (over: HTMLElement) => within(over).getByRole('status', { name: '' });

describe('Verify at game over', () => {
  it('passes on an honest game, with both revealed seeds shown', async () => {
    const mine = await joinFree();
    const clientSeeds = { player1: mine, player2: '' };
    const over = await finish(roundOne(SERVER_SEED, clientSeeds), { commitment: fairnessCommitment(SERVER_SEED), serverSeed: SERVER_SEED, clientSeeds });
    const result = within(over).getByText('Verified: the seed matches the commitment and its round matches.');
    expect(result.className).toMatch(/valid/);
    expect(result.className).not.toMatch(/invalid/);
    expect(within(over).getByText(`${mine}, (none sent)`)).toBeInTheDocument();
  });

  it('fails in red on a tampered round, naming the round and the field', async () => {
    const mine = await joinFree();
    const clientSeeds = { player1: mine, player2: '' };
    const honest = roundOne(SERVER_SEED, clientSeeds);
    const tampered = { ...honest, player1: { ...honest.player1, damageTaken: honest.player1.damageTaken + 2 }, player1Health: honest.player1Health - 2 };
    const over = await finish(tampered, { commitment: fairnessCommitment(SERVER_SEED), serverSeed: SERVER_SEED, clientSeeds });
    const result = within(over).getByText(/^Mismatch in round 1 \(Player 1 damage, Player 1 health\)/);
    expect(result.className).toMatch(/invalid/);
    const row = within(over).getByText('Mismatch: Player 1 damage, Player 1 health').closest('tr');
    expect(row?.className).toMatch(/badRow/);
  });

  it('fails when the revealed own seed is not the one this tab sent', async () => {
    await joinFree();
    // A server that replaced the player's seed, and played every round with it.
    const swapped = { player1: 'chosen-by-server', player2: '' };
    const over = await finish(roundOne(SERVER_SEED, swapped), { commitment: fairnessCommitment(SERVER_SEED), serverSeed: SERVER_SEED, clientSeeds: swapped });
    const result = within(over).getByText('Mismatch: your seed in the record is not the one this browser sent.');
    expect(result.className).toMatch(/invalid/);
  });

  it('fails when the seed matches the final commitment but not the one shown before round 1', async () => {
    const mine = await joinFree();
    const clientSeeds = { player1: mine, player2: '' };
    // A server that changed its seed, and its commitment with it, after round 1 began.
    const over = await finish(roundOne(OTHER_SEED, clientSeeds), { commitment: fairnessCommitment(OTHER_SEED), serverSeed: OTHER_SEED, clientSeeds });
    const result = within(over).getByText('Mismatch: the revealed seed does not match the commitment shown before round 1.');
    expect(result.className).toMatch(/invalid/);
    expect(verdict(over)).toBe(result);
  });
});
