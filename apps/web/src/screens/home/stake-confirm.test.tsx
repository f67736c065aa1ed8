// The amount, always, before money moves: the stake buttons show their SOL, and Fight!, Play
// Again and a staked invite stop at the confirmation (exact amounts at the default price of
// 150 USD per SOL) before the wallet is asked. Cancel and Escape send nothing and pay nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { gameState } from '../../test-support/duel-events';
import { WELCOME_SEEN_KEY } from '../../features/duel/use-welcome';
import { sendSol } from '../../features/wallet/transfer';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { storedSession } from '../../test-support/stored-session';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());
vi.mock('../../features/wallet/transfer', () => ({ sendSol: vi.fn() }));

const TREASURY = '11111111111111111111111111111111';
const REFERENCE = 'SysvarRent111111111111111111111111111111111';
const SIGNATURE = '4'.repeat(88);
const FIVE = 'Stake 0.0333 SOL — the winner receives 0.0646 SOL (3 % fee); cancel while waiting for a full refund';

let socket: FakeGameSocket;
let server: FakeServer;
let unregister: () => void = () => {};
beforeEach(async () => {
  server = new FakeServer();
  server.install();
  socket = new FakeGameSocket();
  fakeSockets.current = socket;
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  vi.mocked(sendSol).mockReset();
  vi.mocked(sendSol).mockImplementation(async (_wallet, _rpc, _cluster, _request, onStage = () => {}) => {
    onStage('confirming', SIGNATURE);
    return SIGNATURE;
  });
  unregister = (await storedSession(server, 'Stake Wallet', 'kenji')).unregister;
});
afterEach(() => unregister());

async function signedInHome(path = '/'): Promise<void> {
  renderApp(path);
  await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
}

async function fightFor(stake: RegExp): Promise<HTMLElement> {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: stake }));
  const picker = await screen.findByRole('group', { name: 'Choose your character' }, { timeout: 15_000 });
  await user.click(within(picker).getByRole('button', { name: /^Ghost/ }));
  await user.click(screen.getByRole('button', { name: 'Fight!' }));
  return screen.findByRole('dialog', { name: 'Confirm your stake' });
}

/** The server's side of a paid join: bet info for exactly `lamports`, verified, then `joined`. */
function servePaidJoin(lamports: string, joined: ReturnType<typeof gameState>) {
  socket.answers.set('requestBetInfo', (payload, answer) =>
    answer.receive('betInfo', { betAmount: (payload as { betAmount: string }).betAmount, recipientWallet: TREASURY, solAmount: '0.033333333', lamports, paymentId: 'pay-1', reference: REFERENCE, expiresAt: Date.now() + 600_000 }),
  );
  socket.answers.set('verifyPayment', (_payload, answer) => answer.receive('paymentVerified', { success: true, message: 'Payment verified', paymentId: 'pay-1', signature: SIGNATURE }));
  socket.answers.set('joinGame', (_payload, answer) => answer.receive('gameState', joined));
}

const nothingAsked = () => {
  expect(socket.sentOf('requestBetInfo')).toEqual([]);
  expect(sendSol).not.toHaveBeenCalled();
};

describe('stakes before money moves', () => {
  it('shows the SOL of each paid tier next to its label', async () => {
    await signedInHome();
    expect(await screen.findByRole('button', { name: '5$ 0.0333 SOL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '10$ 0.0666 SOL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Free!' })).toBeInTheDocument();
  });

  it('asks before the wallet: Cancel and Escape send nothing, Confirm pays exactly the amount shown', async () => {
    await signedInHome();
    let dialog = await fightFor(/^5\$/);
    const user = userEvent.setup();
    expect(within(dialog).getByText('A 5$ duel')).toBeInTheDocument();
    expect(within(dialog).getByText('Leaves your wallet').nextElementSibling).toHaveTextContent(/^0\.0333 SOL$/);
    expect(within(dialog).getByText('Back to you if you win').nextElementSibling).toHaveTextContent(/^0\.0646 SOL$/);
    expect(within(dialog).getByText(FIVE)).toBeInTheDocument();
    expect(within(dialog).getByText('A draw refunds each stake.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm your stake' })).toBeNull();
    nothingAsked();

    await user.click(screen.getByRole('button', { name: 'Fight!' }));
    await screen.findByRole('dialog', { name: 'Confirm your stake' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirm your stake' })).toBeNull();
    nothingAsked();

    servePaidJoin('33333333', gameState({ phase: 'waiting', player2: null, player2Wallet: null, player2Name: null, opponentCharacter: null, betAmount: '5$', stakeLamports: '33333333' }));
    await user.click(screen.getByRole('button', { name: 'Fight!' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your stake' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' }));
    // Closed before the payment's own popups, whatever the wallet does next.
    expect(screen.queryByRole('dialog', { name: 'Confirm your stake' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Waiting for an opponent' })).toBeInTheDocument();
    expect(socket.sentOf('requestBetInfo')).toEqual([{ betAmount: '5$' }]);
    expect(vi.mocked(sendSol).mock.calls.map((call) => call[3].lamports)).toEqual([33_333_333n]);
    expect(socket.sentOf('joinGame')).toMatchObject([{ betAmount: '5$', verified: true, paymentId: 'pay-1', signature: SIGNATURE }]);
  });

  it('waits for a connection still coming when the stake is confirmed right after the page loaded, then pays and joins', async () => {
    let connected = () => undefined as void;
    fakeSockets.opening = new Promise((resolve) => (connected = resolve));
    onTestFinished(() => void (fakeSockets.opening = null));
    await signedInHome();
    servePaidJoin('33333333', gameState({ phase: 'waiting', player2: null, player2Wallet: null, player2Name: null, opponentCharacter: null, betAmount: '5$', stakeLamports: '33333333' }));
    const user = userEvent.setup();
    await user.click(within(await fightFor(/^5\$/)).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your stake' })).toBeNull());
    expect(screen.queryByText('Wallet or connection not ready!')).toBeNull();
    nothingAsked();

    connected();
    expect(await screen.findByRole('dialog', { name: 'Waiting for an opponent' })).toBeInTheDocument();
    expect(vi.mocked(sendSol).mock.calls.map((call) => call[3].lamports)).toEqual([33_333_333n]);
    expect(socket.sentOf('joinGame')).toMatchObject([{ betAmount: '5$', verified: true, paymentId: 'pay-1', signature: SIGNATURE }]);
    expect(screen.queryByText('Wallet or connection not ready!')).toBeNull();
  });

  it('says the 10$ amounts', async () => {
    await signedInHome();
    const dialog = await fightFor(/^10\$/);
    expect(within(dialog).getByText('Stake 0.0666 SOL — the winner receives 0.1293 SOL (3 % fee); cancel while waiting for a full refund')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay 0.0666 SOL & Fight' })).toBeInTheDocument();
  });

  it('asks again, with the amount, on Play Again after a staked game', async () => {
    await signedInHome();
    const over = gameState({ phase: 'over', round: 3, gameOver: true, winner: 'player2', betAmount: '5$', stakeLamports: '33333333', playerCharacter: { id: 4, health: 0 } });
    servePaidJoin('33333333', over);
    const user = userEvent.setup();
    await user.click(within(await fightFor(/^5\$/)).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' }));
    const popup = await screen.findByRole('dialog', { name: 'Defeat' }, { timeout: 15_000 });
    vi.mocked(sendSol).mockClear();
    const asked = socket.sentOf('requestBetInfo').length;
    await user.click(within(popup).getByRole('button', { name: 'Play Again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your stake' });
    expect(within(dialog).getByText(FIVE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(socket.sentOf('requestBetInfo')).toHaveLength(asked);
    expect(sendSol).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Fight!' })).toBeInTheDocument();
  });

  it('names the inviter, the stake and its SOL before Join, and confirms before paying', async () => {
    socket.answers.set('lookupInvite', (_payload, answer) => answer.receive('inviteInfo', { inviteCode: 'abc', found: true, betAmount: '5$', inviterName: 'yuki' }));
    await signedInHome('/?invite=abc');
    const modal = await screen.findByRole('dialog', { name: "You're invited to a duel!" });
    const user = userEvent.setup();
    expect(await within(modal).findByText('yuki invites you to a 5$ duel.')).toBeInTheDocument();
    expect(within(modal).getByText('0.0333 SOL')).toBeInTheDocument();
    expect(within(modal).getByText(FIVE)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: /^Samurai/ }));
    await user.click(within(modal).getByRole('button', { name: 'Join Duel · 0.0333 SOL' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm your stake' });
    expect(within(dialog).getByText('yuki invites you to a 5$ duel')).toBeInTheDocument();
    expect(within(dialog).getByText(FIVE)).toBeInTheDocument();
    // Cancel goes back to the invite, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: "You're invited to a duel!" })).toBeInTheDocument();
    expect(socket.sentOf('joinViaInvite')).toEqual([]);
    nothingAsked();

    socket.answers.set('joinViaInvite', (payload, answer) => {
      const paid = (payload as { verified: boolean }).verified;
      if (!paid) return answer.receive('joinViaInviteResult', { success: false, message: 'Payment required', code: 'PAYMENT_REQUIRED', requiresPayment: true, betAmount: '5$', inviterName: 'yuki' });
      answer.receive('joinViaInviteResult', { success: true, message: 'Joined the game', requiresPayment: false, betAmount: '5$', inviterName: 'yuki' });
      answer.receive('gameState', gameState({ phase: 'intro', betAmount: '5$', stakeLamports: '33333333', player2: socket.id }));
    });
    servePaidJoin('33333333', gameState());
    await user.click(screen.getByRole('button', { name: 'Join Duel · 0.0333 SOL' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your stake' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' }));
    await waitFor(() => expect(socket.sentOf('joinViaInvite')).toHaveLength(2));
    expect(vi.mocked(sendSol).mock.calls.map((call) => call[3].lamports)).toEqual([33_333_333n]);
    expect(socket.sentOf('joinViaInvite')[1]).toMatchObject({ inviteCode: 'abc', selectedCharacter: 9, verified: true, paymentId: 'pay-1' });
  });

  it('stops at the confirmation when an invite that looked free turns out staked', async () => {
    socket.answers.set('lookupInvite', (_payload, answer) => answer.receive('inviteInfo', { inviteCode: 'abc', found: false, betAmount: null, inviterName: null }));
    socket.answers.set('joinViaInvite', (_payload, answer) =>
      answer.receive('joinViaInviteResult', { success: false, message: 'Payment required', code: 'PAYMENT_REQUIRED', requiresPayment: true, betAmount: '10$', inviterName: 'yuki' }),
    );
    await signedInHome('/?invite=abc');
    const modal = await screen.findByRole('dialog', { name: "You're invited to a duel!" });
    await within(modal).findByText('A friend is waiting for you. Choose your character and join the fight.');
    const user = userEvent.setup();
    await user.click(within(modal).getByRole('button', { name: /^Samurai/ }));
    await user.click(within(modal).getByRole('button', { name: 'Join Duel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your stake' });
    expect(within(dialog).getByText('yuki invites you to a 10$ duel')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay 0.0666 SOL & Fight' })).toBeInTheDocument();
    nothingAsked();
  });
});
