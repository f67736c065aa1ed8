// Deposit in the real navbar: the QR code's Solana Pay link, and the
// Deposit button, which copies the address and says how to send to it instead of closing.
import { screen, waitFor, within } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test-support/render-app';
import { signedInPayer } from '../../../test-support/signed-in-payer';
import { depositLink } from './deposit-panel';

describe('the deposit QR code', () => {
  it('is a Solana Pay link, with the amount once one is typed', () => {
    expect(depositLink('Addr', '')).toBe('solana:Addr');
    expect(depositLink('Addr', '0.5')).toBe('solana:Addr?amount=0.5');
    expect(depositLink('Addr', 'abc')).toBe('solana:Addr');
    expect(depositLink('Addr', '0')).toBe('solana:Addr');
  });
});

describe('the Deposit button', () => {
  let own: string;
  let unregister: () => void;
  let user: UserEvent;
  const writeText = vi.fn((_text: string) => Promise.resolve());

  beforeEach(async () => {
    ({ own, unregister } = await signedInPayer());
    writeText.mockClear();
    // After user-event's setup, which puts a clipboard of its own in place.
    user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => unregister());

  it('copies the address and says how to send the typed amount to it, the panel staying open', async () => {
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Wallet balance 1.0000 SOL' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('tabpanel');
    await user.type(await within(panel).findByLabelText('Amount (SOL)'), '0.5');
    await user.click(within(panel).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(own));
    const steps = await within(panel).findByRole('status');
    expect(steps).toHaveTextContent(/^Address copied\. Send 0\.5 SOL to it from another wallet or an exchange, or scan the QR code with a wallet app\. Your balance updates when it arrives\./);
    expect(within(panel).getByTestId('deposit-address')).toHaveTextContent(new RegExp(`^${own}$`));
  });

  it('still says what to do when the clipboard refuses', async () => {
    writeText.mockImplementationOnce(() => Promise.reject(new Error('denied')));
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Wallet balance 1.0000 SOL' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('tabpanel');
    await user.click(await within(panel).findByRole('button', { name: 'Deposit' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(/^Copy the address above and send SOL to it/);
  });
});
