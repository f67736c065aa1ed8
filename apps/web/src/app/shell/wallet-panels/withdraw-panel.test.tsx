// Withdraw form messages, in the real navbar with a signed-in session.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WITHDRAW_MESSAGES } from '../../../features/wallet/withdraw-validation';
import { renderApp } from '../../../test-support/render-app';
import { signedInPayer } from '../../../test-support/signed-in-payer';

let own: string;
let unregister: () => void;

beforeEach(async () => {
  ({ own, unregister } = await signedInPayer());
});
afterEach(() => unregister());

async function openWithdraw() {
  renderApp('/');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Wallet balance 1.0000 SOL' }, { timeout: 15_000 }));
  await user.click(screen.getByRole('tab', { name: 'Withdraw' }));
  const panel = await screen.findByRole('tabpanel');
  await within(panel).findByLabelText('Recipient address');
  return panel;
}

/** Types what is given (an empty field stays untouched) and presses Withdraw. */
async function fill(panel: HTMLElement, address: string, amount: string) {
  const user = userEvent.setup();
  if (address) await user.type(within(panel).getByLabelText('Recipient address'), address);
  if (amount) await user.type(within(panel).getByLabelText('Amount (SOL)'), amount);
  await user.click(within(panel).getByRole('button', { name: 'Withdraw' }));
}

describe('withdraw form', () => {
  it('asks for an address and an amount', async () => {
    const panel = await openWithdraw();
    await fill(panel, '', '');
    expect(within(panel).getByText(WITHDRAW_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(within(panel).getByText(WITHDRAW_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Recipient address')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['not-an-address', '0.1', WITHDRAW_MESSAGES.addressInvalid],
    ['OWN', '0.1', WITHDRAW_MESSAGES.addressIsOwn],
    ['11111111111111111111111111111111', '0', WITHDRAW_MESSAGES.amountZero],
    ['11111111111111111111111111111111', 'abc', WITHDRAW_MESSAGES.amountInvalid],
    ['11111111111111111111111111111111', '0.0000000001', WITHDRAW_MESSAGES.amountInvalid],
    ['11111111111111111111111111111111', '1', 'Not enough SOL: you can send at most 0.999995 SOL (balance minus the network fee)'],
  ])('to %j, %j SOL: "%s"', async (address, amount, message) => {
    const panel = await openWithdraw();
    await fill(panel, address === 'OWN' ? own : address, amount);
    expect(within(panel).getByText(message)).toBeInTheDocument();
  });

  it('MAX fills the balance minus the fee', async () => {
    const panel = await openWithdraw();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Max' }));
    expect(within(panel).getByLabelText('Amount (SOL)')).toHaveValue('0.999995');
  });
});
