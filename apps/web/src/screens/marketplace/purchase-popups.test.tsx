// The purchase popups for each state of the flow.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_PURCHASE, type PurchaseState } from '../../features/marketplace/purchase-state';
import type { Purchase } from '../../features/marketplace/use-purchase';
import { openTrackedSession } from '../../features/solana-pay/session-views';
import { FakeServer } from '../../test-support/fake-server';
import { PurchasePopups } from './purchase-popups';

const SIGNATURE = '3KNn8esV'.padEnd(88, '1');

function show(state: PurchaseState) {
  const purchase: Purchase = { state, ask: vi.fn(), confirm: vi.fn(async () => undefined), retryVerification: vi.fn(async () => undefined), reset: vi.fn() };
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <PurchasePopups purchase={purchase} />
    </QueryClientProvider>,
  );
  return purchase;
}

beforeEach(() => new FakeServer().install());

describe('purchase popups', () => {
  it('shows the processing popup while the purchase runs, without a way to dismiss it', () => {
    show({ ...IDLE_PURCHASE, phase: 'signing', characterId: 12 });
    expect(screen.getByRole('dialog', { name: 'Processing Purchase' })).toBeInTheDocument();
    expect(screen.getByText('Approve the transfer in your wallet…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('shows the Solana Pay QR code of the transfer beside the wallet prompt; after a closed prompt, asks the wallet again or cancels', async () => {
    const reference = 'SysvarRent111111111111111111111111111111111';
    const treasury = '11111111111111111111111111111111';
    const transfer = { recipientWallet: treasury, lamports: 250_000_000n, reference };
    let prompts = 0;
    const session = openTrackedSession(reference, {
      expiresAt: null,
      intervalMs: 60_000,
      ask: async () => ({ kind: 'waiting' }),
      wallet: async () => {
        prompts += 1;
        throw new Error('User rejected the request');
      },
      expiredMessage: 'expired',
    });
    const paid = session.payByWallet(() => undefined).catch((error: unknown) => error);
    show({ ...IDLE_PURCHASE, phase: 'signing', characterId: 12, purchaseId: 'p1', transfer });
    const panel = screen.getByRole('region', { name: 'Pay from a phone wallet' });
    expect(within(panel).getByText('Scan with a phone wallet, or pay with your connected wallet')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open in a wallet app' })).toHaveAttribute(
      'href',
      `solana:${treasury}?amount=0.25&reference=${reference}&label=Duel%20Dojo&message=Purchase%20of%20Blue%20Sage`,
    );
    expect(await within(panel).findByRole('img', { name: 'Solana Pay QR code: Purchase of Blue Sage' })).toBeInTheDocument();
    expect(await within(panel).findByRole('status')).toHaveTextContent(/^User rejected the request$/);
    expect(screen.getByText('Waiting for a payment from your phone…')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Pay with connected wallet' }));
    await waitFor(() => expect(prompts).toBe(2));
    await user.click(await within(panel).findByRole('button', { name: 'Cancel' }));
    expect(((await paid) as Error).message).toBe('Payment cancelled: nothing was paid.');
    session.close();
  });

  it('offers Retry Verification, Cancel and the explorer (with the cluster) when the transaction is not found', async () => {
    const purchase = show({ ...IDLE_PURCHASE, phase: 'not-found', characterId: 12, purchaseId: 'p1', signature: SIGNATURE, message: 'Transaction not found yet.' });
    expect(screen.getByRole('dialog', { name: 'Transaction Not Found' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'View the transaction on the explorer' });
    expect(link).toHaveAttribute('href', `https://explorer.solana.com/tx/${SIGNATURE}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899`);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry Verification' }));
    expect(purchase.retryVerification).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(purchase.reset).toHaveBeenCalled();
  });

  it('alerts the result', () => {
    show({ ...IDLE_PURCHASE, phase: 'failed', message: 'Request timeout' });
    expect(screen.getByRole('dialog', { name: 'Purchase failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Request timeout$/);
  });
});
