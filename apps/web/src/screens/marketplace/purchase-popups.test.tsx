// The purchase popups of spec §2/§4 for each state of the flow.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_PURCHASE, type PurchaseState } from '../../features/marketplace/purchase-state';
import type { Purchase } from '../../features/marketplace/use-purchase';
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
    expect(screen.getByRole('dialog', { name: 'Processing Purchase' })).toBeTruthy();
    expect(screen.getByText('Approve the transfer in your wallet…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('offers Retry Verification, Cancel and the explorer (with the cluster) when the transaction is not found', async () => {
    const purchase = show({ ...IDLE_PURCHASE, phase: 'not-found', characterId: 12, purchaseId: 'p1', signature: SIGNATURE, message: 'Transaction not found yet.' });
    expect(screen.getByRole('dialog', { name: 'Transaction Not Found' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'View the transaction on the explorer' });
    expect(link.getAttribute('href')).toBe(`https://explorer.solana.com/tx/${SIGNATURE}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899`);
    fireEvent.click(screen.getByRole('button', { name: 'Retry Verification' }));
    expect(purchase.retryVerification).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(purchase.reset).toHaveBeenCalled();
  });

  it('alerts the result', () => {
    show({ ...IDLE_PURCHASE, phase: 'failed', message: 'Request timeout' });
    expect(screen.getByRole('dialog', { name: 'Purchase failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Request timeout');
  });
});
