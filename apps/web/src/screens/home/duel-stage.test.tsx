// The home screen's duel in the whole app, against a scripted socket (test-support/fake-socket.ts)
// and the scripted HTTP server: stake, character, Fight!, the waiting popup, the bot, a round
// with the mouse and the keyboard, its results, the game over with Verify, and the refusals.
import { type ClientSeeds, type Slot, fairnessCommitment, hitFactor, resolveRound } from '@duel-dojo/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { SENDING_TEXT } from '../../components/move-picker/move-picker';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { gameState } from '../../test-support/duel-events';
import { WELCOME_SEEN_KEY } from '../../features/duel/use-welcome';
import { STORAGE_KEYS } from '../../features/storage/local-store';
import { useFakeBackends } from '../../test-support/fake-backends';
import type { FakeServer } from '../../test-support/fake-server';
import { type FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { registerTestWallet } from '../../test-support/test-wallet';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());

let socket: FakeGameSocket;
let server: FakeServer;
useFakeBackends((fresh) => ({ server, socket } = fresh));
beforeEach(() => window.localStorage.setItem(WELCOME_SEEN_KEY, 'true'));

const guestSeat = { player1Wallet: null, player1Name: null, player2Wallet: null, player2Name: 'Bot', vsBot: true };
const waitingState = gameState({ ...guestSeat, phase: 'waiting', version: 1, player2: null, player2Name: null, opponentCharacter: null, vsBot: false, inviteCode: 'inv123', canInvite: true });
const SERVER_SEED = 'c'.repeat(64);
const introState = gameState({ ...guestSeat, phase: 'intro', version: 2, player2: 'bot', fairness: { commitment: fairnessCommitment(SERVER_SEED), serverSeed: null, clientSeeds: null } });

async function chooseGhost(user: UserEvent): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'Free!' }));
  const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 15_000 });
  await user.click(within(picker).getByRole('button', { name: /^Ghost/ }));
}

/** Free! -> Ghost -> Fight!, matched with the bot at once; resolves in round 1, with the player's hands. */
async function inRoundOne(): Promise<UserEvent> {
  const user = userEvent.setup();
  renderApp('/');
  await chooseGhost(user);
  socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', introState));
  await user.click(screen.getByRole('button', { name: 'Fight!' }));
  await screen.findByRole('status', { name: 'Fight!' });
  // No gameState per round: the roundStart alone opens it.
  act(() => socket.receive('roundStart', { sessionId: introState.sessionId, version: 3, round: 1, endTime: Date.now() + 10_000 }));
  await screen.findByRole('group', { name: "Predict the enemy's move" });
  return user;
}

/** Round 1 as the server resolves it: Ghost attacks reading the dodge, the Soldier dodges. */
function resolvedRoundOne(seed: string, version: number, clientSeeds: ClientSeeds | null = null) {
  const factor = (slot: Slot) => hitFactor(seed, introState.sessionId, 1, slot, clientSeeds);
  const outcome = resolveRound({
    round: 1,
    player1: { fighter: { fightScore: 85, defendScore: 15 }, health: 100, move: { action: 'attack', prediction: 'dodge' }, factor: factor('player1') },
    player2: { fighter: { fightScore: 45, defendScore: 55 }, health: 100, move: { action: 'dodge', prediction: 'hide' }, factor: factor('player2') },
  });
  const side = (slot: Slot) => ({ action: outcome[slot].action, prediction: outcome[slot].prediction, predictedRight: outcome[slot].predictedRight, damageTaken: outcome[slot].damageTaken, healingReceived: outcome[slot].healingReceived });
  return { sessionId: introState.sessionId, version, round: 1, player1Health: outcome.player1.health, player2Health: outcome.player2.health, roundWinner: outcome.roundWinner, suddenDeath: false, gameOver: true, winner: 'player1', player1: side('player1'), player2: side('player2') };
}

describe('the home duel', () => {
  it('goes from the stake to the waiting popup: counts, invite link, a refused bot, then the bot', async () => {
    const user = userEvent.setup();
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/');
    await chooseGhost(user);
    await user.click(screen.getByRole('button', { name: 'Undo: choose another character' }));
    await chooseGhost(user);
    socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', waitingState));
    socket.answers.set('requestStats', (_payload, server) => server.receive('gameStats', { onlinePlayers: 3, activeGames: 1 }));
    await user.click(screen.getByRole('button', { name: 'Fight!' }));
    const waiting = await screen.findByRole('dialog', { name: 'Waiting for an opponent' });
    expect(socket.sentOf('joinGame')).toEqual([{ selectedCharacter: 4, betAmount: 'Free!', walletAddress: null, verified: false, paymentId: null, signature: null }]);
    await waitFor(() => expect(waiting).toHaveTextContent('3 players online'));
    expect(waiting).toHaveTextContent('1 active game');

    await user.click(within(waiting).getByRole('button', { name: 'Copy invite link' }));
    expect(await within(waiting).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?invite=inv123`);

    socket.answers.set('playWithBot', (_payload, server) => server.receive('playWithBotResult', { success: false, message: 'no' }));
    await user.click(within(waiting).getByRole('button', { name: 'Play with Bot' }));
    expect(await within(waiting).findByText('Failed to add bot to game')).toBeInTheDocument();
    socket.answers.set('playWithBot', (_payload, server) => {
      server.receive('gameState', introState);
      server.receive('playWithBotResult', { success: true, message: 'The bot joined your game' });
    });
    await user.click(within(waiting).getByRole('button', { name: 'Play with Bot' }));
    expect(await screen.findByRole('status', { name: 'Fight!' })).toBeInTheDocument();
    expect(socket.sentOf('playWithBot')).toEqual([{ sessionId: introState.sessionId }, { sessionId: introState.sessionId }]);
    expect(screen.getByRole('region', { name: 'You: Guest' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Opponent: Bot' })).toBeInTheDocument();
  });

  it('plays a round: prediction then action (mouse, undo, keyboard), locked, then the results in the player\'s words', async () => {
    const user = await inRoundOne();
    expect(screen.getByText('ROUND 1')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: "Predict the enemy's move" })).getByRole('button', { name: 'Dodge' }));
    expect(screen.getByText('Dodge', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('group', { name: "Predict the enemy's move" });
    await user.keyboard('d');
    await screen.findByRole('group', { name: 'Choose your move' });
    await user.keyboard('a');
    // Sent, but it counts only once the server confirms it.
    expect(await screen.findByText(SENDING_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Locked in')).toBeNull();
    expect(socket.sentOf('playerAction')).toEqual([{ action: 'attack', prediction: 'dodge', round: 1 }]);
    act(() => socket.receive('actionConfirmed', { sessionId: introState.sessionId, version: 3, round: 1, action: 'attack', prediction: 'dodge' }));
    expect(await screen.findByText('Locked in')).toBeInTheDocument();
    await user.keyboard('h');
    expect(socket.sentOf('playerAction')).toHaveLength(1);

    const end = { ...resolvedRoundOne('c'.repeat(64), 4), gameOver: false, winner: null };
    act(() => socket.receive('roundEnd', end));
    const results = await screen.findByRole('status', { name: 'Round 1 result' });
    expect(within(results).getByText('YOU WON!')).toBeInTheDocument();
    expect(within(results).getByText('Attack')).toBeInTheDocument();
    expect(within(results).getByText('Dodge')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Opponent health' })).toHaveAttribute('aria-valuenow', String(end.player2Health));
    expect(screen.getByText(`-${end.player2.damageTaken}`)).toBeInTheDocument();
  });

  it('shows the winner after the last results, and Verify replays the round from the revealed seed', async () => {
    const user = await inRoundOne();
    await user.keyboard('da');
    // The commitment of the first gameState, the seed this tab sent with it (docs/fairness.md).
    const seed = SERVER_SEED;
    const [sent] = socket.sentOf('submitClientSeed') as { clientSeed: string }[];
    const clientSeeds = { player1: sent!.clientSeed, player2: '' };
    const fairness = { commitment: fairnessCommitment(seed), serverSeed: seed, clientSeeds };
    const end = resolvedRoundOne(seed, 4, clientSeeds);
    act(() => {
      socket.receive('roundEnd', end);
      socket.receive('gameState', { ...introState, phase: 'over', round: 1, version: 5, gameOver: true, winner: 'player1', opponentCharacter: { id: 8, health: end.player2Health }, fairness });
    });
    await screen.findByRole('status', { name: 'Round 1 result' });
    const over = await screen.findByRole('dialog', { name: 'Victory!' }, { timeout: 15_000 });
    expect(within(over).getByText('You won the duel!')).toBeInTheDocument();
    expect(within(over).queryByRole('button', { name: 'Claim Reward' })).toBeNull();
    expect(within(over).getByRole('link', { name: 'Share on X' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/twitter\.com\/intent\/tweet\?/));
    await user.click(within(over).getByRole('button', { name: 'Verify' }));
    expect(within(over).getByText('Verified: the seed matches the commitment and its round matches.')).toBeInTheDocument();
    await user.click(within(over).getByRole('button', { name: 'New Game' }));
    expect(await screen.findByRole('heading', { name: 'Duel!' })).toBeInTheDocument();
    expect(socket.sentOf('resetGame')).toHaveLength(1);
  });

  it('waits for a connection still coming when Fight! is pressed right after the page loaded, then joins', async () => {
    let connected = () => undefined as void;
    fakeSockets.opening = new Promise((resolve) => (connected = resolve));
    onTestFinished(() => void (fakeSockets.opening = null));
    const user = userEvent.setup();
    renderApp('/');
    await chooseGhost(user);
    socket.answers.set('joinGame', (_payload, server) => server.receive('gameState', waitingState));
    await user.click(screen.getByRole('button', { name: 'Fight!' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('dialog', { name: 'Could not start the duel' })).toBeNull();
    expect(socket.sentOf('joinGame')).toEqual([]);

    connected();
    expect(await screen.findByRole('dialog', { name: 'Waiting for an opponent' })).toBeInTheDocument();
    expect(socket.sentOf('joinGame')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Could not start the duel' })).toBeNull();
  });

  it('says "Failed to join game: …" when the server refuses the join', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await chooseGhost(user);
    socket.answers.set('joinGame', (_payload, server) => server.receive('error', { message: 'You already have an active game', code: 'ALREADY_IN_GAME', event: 'joinGame' }));
    await user.click(screen.getByRole('button', { name: 'Fight!' }));
    const alert = await screen.findByRole('dialog', { name: 'Could not start the duel' });
    expect(within(alert).getByText('Failed to join game: You already have an active game')).toBeInTheDocument();
  });

  it('opens the invite-join modal from ?invite=, clears the address, and joins by invite', async () => {
    socket.answers.set('lookupInvite', (_payload, server) => server.receive('inviteInfo', { inviteCode: 'abc', found: false, betAmount: null, inviterName: null }));
    const app = renderApp('/?invite=abc');
    const modal = await screen.findByRole('dialog', { name: "You're invited to a duel!" }, { timeout: 15_000 });
    const user = userEvent.setup();
    expect(await within(modal).findByText('A friend is waiting for you. Choose your character and join the fight.')).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('');
    expect(within(modal).getByRole('button', { name: 'Join Duel' })).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: /^Samurai/ }));
    socket.answers.set('joinViaInvite', (_payload, server) =>
      server.receive('joinViaInviteResult', { success: false, message: 'Invite not found or no longer open', code: 'INVITE_NOT_FOUND', requiresPayment: false, betAmount: null }),
    );
    await user.click(within(modal).getByRole('button', { name: 'Join Duel' }));
    expect(await screen.findByText('Failed to join game: Invite not found or no longer open')).toBeInTheDocument();
    expect(socket.sentOf('joinViaInvite')).toEqual([{ inviteCode: 'abc', selectedCharacter: 9, walletAddress: null, verified: false, paymentId: null, signature: null }]);
  });

  it('asks a visitor without a wallet to connect one for a staked game', async () => {
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: /^5\$/ }));
    const alert = await screen.findByRole('dialog', { name: 'Connect your wallet' });
    expect(within(alert).getByText('Please connect your wallet first to play for a stake.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Choose your character' })).toBeNull();
  });

  it('welcomes a visitor without a wallet after 1 s, once', async () => {
    window.localStorage.removeItem(WELCOME_SEEN_KEY);
    renderApp('/');
    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Duel Dojo!' }, { timeout: 15_000 });
    expect(within(welcome).getByText('Play a free match')).toBeInTheDocument();
    await userEvent.setup().click(within(welcome).getByRole('button', { name: "Let's Start!" }));
    expect(screen.queryByRole('dialog', { name: 'Welcome to Duel Dojo!' })).toBeNull();
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBe('true');
  });

  it('offers an active game on connect, and "Rejoin Game" brings it back with the 2 s intro', async () => {
    const wallet = await registerTestWallet('Restorable', 'sign');
    server.addUser(wallet.address, 'kenji');
    window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(wallet.address));
    window.localStorage.setItem(STORAGE_KEYS.walletName, 'Restorable');
    const running = gameState({ phase: 'round', round: 3, endTime: Date.now() + 8_000, version: 12, player1: 'old-socket', player1Wallet: wallet.address, player1Name: 'kenji', playerCharacter: { id: 4, health: 64 } });
    socket.answers.set('checkActiveGames', (_payload, answer) => answer.receive('activeGameResult', { hasActiveGame: true, gameData: running }));
    socket.answers.set('checkActiveGame', (_payload, answer) => answer.receive('activeGameCheck', { hasActiveGame: true, gameSession: { ...running, player1: socket.id, version: 13 } }));
    renderApp('/');
    const prompt = await screen.findByRole('dialog', { name: 'Active game found' }, { timeout: 15_000 });
    expect(within(prompt).getByText(/Your free duel is still running \(round 3\)/)).toBeInTheDocument();
    expect(socket.sentOf('checkActiveGames')).toEqual([{ walletAddress: wallet.address }]);
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Rejoin Game' }));
    expect(await screen.findByRole('status', { name: 'Fight!' })).toBeInTheDocument();
    expect(socket.sentOf('checkActiveGame')).toEqual([{ walletAddress: wallet.address }]);
    expect(screen.getByRole('meter', { name: 'Your health' })).toHaveAttribute('aria-valuenow', '64');
    expect(screen.getByText('ROUND 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Fight!' })).toBeNull(), { timeout: 15_000 });
    wallet.unregister();
  });
});
