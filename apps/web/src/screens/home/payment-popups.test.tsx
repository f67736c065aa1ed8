// The paid game's popups: Transaction in Progress, verification failed with Retry,
// Cancel and the explorer link, and the failure alert.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IDLE_PAYMENT, type PaymentState } from '../../features/duel/payment-state';
import type { JoinState } from '../../features/duel/use-join';
import { openTrackedSession } from '../../features/solana-pay/session-views';
import { PaymentPopups } from './payment-popups';

function show(payment: Partial<PaymentState>, join: JoinState = { phase: 'idle' }, explorerUrl: string | null = null) {
  const onRetry = vi.fn();
  const onDismiss = vi.fn();
  render(<PaymentPopups payment={{ ...IDLE_PAYMENT, betAmount: '5$', ...payment }} join={join} explorerUrl={explorerUrl} onRetry={onRetry} onDismiss={onDismiss} />);
  return { onRetry, onDismiss };
}

describe('payment popups', () => {
  it.each([
    ['requesting', 'Preparing your stake…'],
    ['signing', 'Approve the transfer in your wallet…'],
    ['confirming', 'Sending your stake to the chain…'],
    ['verifying', 'Verifying your payment…'],
  ] as const)('shows "Transaction in Progress" while %s, without a way to close it', (phase, text) => {
    show({ phase });
    const dialog = screen.getByRole('dialog', { name: 'Transaction in Progress' });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getByText(/typically takes 5–15 seconds/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('keeps it open while the verified stake joins the game', () => {
    show({ phase: 'verified' }, { phase: 'joining' });
    expect(within(screen.getByRole('dialog', { name: 'Transaction in Progress' })).getByText('Joining the game…')).toBeInTheDocument();
  });

  it('offers Retry, Cancel and the explorer when verification timed out', async () => {
    const user = userEvent.setup();
    const { onRetry, onDismiss } = show({ phase: 'verification-failed', reason: 'timeout', message: 'Verification timeout', signature: 'sig', paymentId: 'p1' }, { phase: 'idle' }, 'https://explorer.example/tx/sig');
    const dialog = screen.getByRole('dialog', { name: 'Verification Failed' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^The transaction may have succeeded, but verification timed out\.$/);
    expect(within(dialog).getByText('Verification timeout')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View the transaction on the explorer' })).toHaveAttribute('href', 'https://explorer.example/tx/sig');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect([onRetry.mock.calls.length, onDismiss.mock.calls.length]).toEqual([1, 1]);
  });

  it.each([
    ['a payment failure', { phase: 'failed', message: 'Payment verification failed: The transaction does not pay this request' }, { phase: 'idle' }, 'Payment verification failed: The transaction does not pay this request'],
    ['a join failure', { phase: 'verified' }, { phase: 'failed', message: 'Failed to join game: This stake is not available' }, 'Failed to join game: This stake is not available'],
    ['a missing connection', { phase: 'failed', message: 'Wallet or connection not ready!' }, { phase: 'idle' }, 'Wallet or connection not ready!'],
  ] as const)('alerts %s', async (_case, payment, join, text) => {
    const { onDismiss } = show(payment, join as JoinState);
    const alert = screen.getByRole('dialog', { name: 'Could not start the duel' });
    expect(within(alert).getByText(text)).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'OK' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('keeps the stake payable from a phone once the wallet prompt was closed, with the same panel as purchases and entries', async () => {
    const reference = 'SysvarRent111111111111111111111111111111111';
    const transfer = { recipientWallet: '11111111111111111111111111111111', lamports: 33_333_333n, reference };
    const session = openTrackedSession(reference, { expiresAt: null, intervalMs: 60_000, ask: async () => ({ kind: 'waiting' }), wallet: async () => Promise.reject(new Error('User rejected the request')), expiredMessage: 'expired' });
    void session.payByWallet(() => undefined).catch(() => undefined);
    show({ phase: 'signing', paymentId: 'p1', transfer });
    const dialog = screen.getByRole('dialog', { name: 'Transaction in Progress' });
    expect(await within(dialog).findByText('Waiting for a payment from your phone…')).toBeInTheDocument();
    const panel = within(dialog).getByRole('region', { name: 'Pay from a phone wallet' });
    expect(within(panel).getByText('Scan with a phone wallet, or pay with your connected wallet')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Pay with connected wallet' })).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(/^User rejected the request$/);
    session.close();
  });
});
