// Buy Now asks first: the price in SOL, what it buys and the sold-out refund, before any request
// or wallet prompt; Cancel sends nothing, Confirm pays exactly the price shown.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendSol } from '../../features/wallet/transfer';
import { FakeServer } from '../../test-support/fake-server';
import { FakeGameSocket, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { storedSession } from '../../test-support/stored-session';

vi.mock('../../net/socket', async () => (await import('../../test-support/fake-socket')).fakeSocketModule());
vi.mock('../../features/wallet/transfer', () => ({ sendSol: vi.fn() }));

const TREASURY = '11111111111111111111111111111111';
const SIGNATURE = '4'.repeat(88);
let socket: FakeGameSocket;
let unregister: () => void = () => {};

beforeEach(async () => {
  const server = new FakeServer();
  server.install();
  socket = new FakeGameSocket();
  fakeSockets.current = socket;
  vi.mocked(sendSol).mockReset();
  vi.mocked(sendSol).mockResolvedValue(SIGNATURE);
  unregister = (await storedSession(server, 'Shop Wallet', 'kenji')).unregister;
});
afterEach(() => unregister());

describe('a marketplace purchase', () => {
  it('is confirmed with its price before anything is requested or paid', async () => {
    renderApp('/marketplace');
    const buy = await screen.findByRole('button', { name: 'Buy Now: Blue Sage for 0.250 SOL' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(buy);
    let dialog = screen.getByRole('dialog', { name: 'Confirm your purchase' });
    expect(within(dialog).getByText('Blue Sage · Common')).toBeInTheDocument();
    expect(within(dialog).getByText('Leaves your wallet').nextElementSibling).toHaveTextContent(/^0\.250 SOL$/);
    expect(within(dialog).getByText('You get').nextElementSibling).toHaveTextContent(/^Blue Sage$/);
    expect(within(dialog).getByText('Pay 0.250 SOL — Blue Sage is yours for good, to fight with in any duel')).toBeInTheDocument();
    expect(within(dialog).getByText('If it sells out before your payment arrives, the price is refunded to your wallet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(socket.sentOf('requestMarketplacePurchase')).toEqual([]);
    expect(sendSol).not.toHaveBeenCalled();

    socket.answers.set('requestMarketplacePurchase', (_payload, answer) =>
      answer.receive('marketplacePurchaseInfo', { success: true, message: 'ok', characterId: 12, purchaseId: 'buy-1', recipientWallet: TREASURY, solAmount: '0.25', lamports: '250000000', reference: TREASURY, expiresAt: Date.now() + 600_000 }),
    );
    socket.answers.set('verifyMarketplacePurchase', (_payload, answer) =>
      answer.receive('marketplacePurchaseResult', { success: true, message: 'ok', characterId: 12, purchaseId: 'buy-1', signature: SIGNATURE, characterOwnershipUpdated: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Buy Now: Blue Sage for 0.250 SOL' }));
    dialog = screen.getByRole('dialog', { name: 'Confirm your purchase' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.250 SOL & Buy' }));
    expect(await screen.findByRole('dialog', { name: 'Purchase complete' })).toBeInTheDocument();
    expect(socket.sentOf('requestMarketplacePurchase')).toMatchObject([{ characterId: 12, price: '250000000', currency: 'SOL' }]);
    await waitFor(() => expect(vi.mocked(sendSol).mock.calls.map((call) => call[3].lamports)).toEqual([250_000_000n]));
  });
});
