import { MONEY_MOVEMENT_KINDS, MONEY_MOVEMENT_REASONS, MONEY_MOVEMENT_STATUSES } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { isUnsettled, movementDetail, movementLabel, statusView } from './movement-labels';

describe('movement labels', () => {
  it('name each kind, and a refund or give-back with its reason', () => {
    expect(MONEY_MOVEMENT_KINDS.map((kind) => movementLabel({ kind, reason: null }))).toEqual([
      'Stake paid', 'Purchase', 'Tournament entry', 'Overpaid', 'Refused transfer', 'Donation', 'Payout', 'Prize', 'Refund', 'Given back',
    ]);
    expect(MONEY_MOVEMENT_REASONS.map((reason) => movementLabel({ kind: 'refund', reason }))).toEqual([
      'Refund — cancelled wait', 'Refund — draw', 'Refund — tournament cancelled', 'Refund — entry refused', 'Refund — purchase refused',
      'Refund — stake not used', 'Refund — overpaid', 'Refund — refused transfer',
    ]);
    expect(movementLabel({ kind: 'giveBack', reason: 'refusedTransfer' })).toBe('Given back — refused transfer');
    expect(movementLabel({ kind: 'giveBack', reason: 'overpaid' })).toBe('Given back — overpaid');
  });

  it('say why the money moved, by reason first', () => {
    expect(movementDetail({ kind: 'refund', reason: 'draw' })).toBe('The duel ended in a draw: each stake comes back.');
    expect(movementDetail({ kind: 'donation', reason: null })).toMatch(/kept/);
    for (const kind of MONEY_MOVEMENT_KINDS) expect(movementDetail({ kind, reason: null })).not.toBe('');
  });

  it('show each status as a badge, with what to know beyond it', () => {
    const signature = 'x'.repeat(88);
    expect(MONEY_MOVEMENT_STATUSES.map((status) => statusView({ status, transactionSignature: signature }).label)).toEqual(['Pending', 'Being retried', 'Confirmed', 'Failed']);
    expect(statusView({ status: 'pending', transactionSignature: signature }).hint).toBeNull();
    expect(statusView({ status: 'pending', transactionSignature: null }).hint).toMatch(/not sent yet/);
    expect(statusView({ status: 'failed', transactionSignature: signature })).toMatchObject({ tone: 'danger', hint: expect.stringMatching(/nothing moved/) });
    expect(MONEY_MOVEMENT_STATUSES.filter((status) => isUnsettled({ status }))).toEqual(['pending', 'retrying']);
  });
});
