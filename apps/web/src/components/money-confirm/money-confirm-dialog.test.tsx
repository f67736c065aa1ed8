// The one confirmation before any wallet prompt: an accessible dialog (labelled, focus starting on
// Cancel and kept inside, Escape cancels), the amounts in order, and no Confirm without them.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoneyConfirmDialog, NETWORK_FEE_NOTE } from './money-confirm-dialog';

function show(unavailable: string | null = null) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <MoneyConfirmDialog
      open
      title="Confirm your stake"
      subject="A 5$ duel"
      lines={[
        { label: 'Leaves your wallet', value: '0.0333 SOL' },
        { label: 'Back to you if you win', value: '0.0646 SOL' },
      ]}
      summary="Stake 0.0333 SOL — the winner receives 0.0646 SOL (3 % fee); cancel while waiting for a full refund"
      notes={['A draw refunds each stake.']}
      confirmLabel="Pay 0.0333 SOL & Fight"
      unavailable={unavailable}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Confirm your stake' }), onConfirm, onCancel };
}

describe('money confirmation dialog', () => {
  it('says what leaves the wallet, then what can come back, the deal and its conditions', () => {
    const { dialog } = show();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const terms = [...dialog.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual(['Leaves your wallet: 0.0333 SOL', 'Back to you if you win: 0.0646 SOL']);
    expect(within(dialog).getByText('Stake 0.0333 SOL — the winner receives 0.0646 SOL (3 % fee); cancel while waiting for a full refund')).toBeInTheDocument();
    expect([...dialog.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['A draw refunds each stake.', NETWORK_FEE_NOTE]);
  });

  it('starts on Cancel, keeps the focus inside, and Escape cancels', async () => {
    const user = userEvent.setup();
    const { dialog, onCancel, onConfirm } = show();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(cancel).toHaveFocus();
    confirm.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms or cancels with its buttons', async () => {
    const user = userEvent.setup();
    const { dialog, onCancel, onConfirm } = show();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' }));
    expect([onCancel.mock.calls.length, onConfirm.mock.calls.length]).toEqual([1, 1]);
  });

  it('cannot be confirmed while the amounts are unknown', () => {
    const { dialog } = show('Loading the SOL price…');
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Loading the SOL price…$/);
    expect(within(dialog).queryByText('Leaves your wallet')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay 0.0333 SOL & Fight' })).toBeDisabled();
  });
});
