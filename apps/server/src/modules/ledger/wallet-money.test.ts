// How a ledger row reads on the money page: its status, its reason, and where the next page starts.
import { describe, expect, it } from 'vitest';
import { RETRYING_AFTER_MS, decodeCursor, encodeCursor, movementReason, movementStatus } from './wallet-money';

const refund = { kind: 'refund', paymentKind: 'stake', owedKind: null, gameCancelled: false, gameDrawn: false, tournamentCancelled: false } as const;

describe('a movement on the money page', () => {
  it('is pending while on its way, retrying once the first attempt is over or signed anew', () => {
    expect(movementStatus({ status: 'confirmed', resigned: false, ageMs: 10 * RETRYING_AFTER_MS })).toBe('confirmed');
    expect(movementStatus({ status: 'failed', resigned: false, ageMs: 0 })).toBe('failed');
    for (const status of ['pending', 'sent', 'due'] as const) {
      expect(movementStatus({ status, resigned: false, ageMs: 1_000 }), status).toBe('pending');
      expect(movementStatus({ status, resigned: false, ageMs: RETRYING_AFTER_MS + 1 }), status).toBe('retrying');
    }
    expect(movementStatus({ status: 'pending', resigned: true, ageMs: 1_000 })).toBe('retrying');
  });

  it('says why money came back, from what it paid for and what became of it', () => {
    expect(movementReason({ ...refund, gameCancelled: true })).toBe('cancelledWait');
    expect(movementReason({ ...refund, gameDrawn: true })).toBe('draw');
    expect(movementReason(refund)).toBe('stakeNotUsed');
    expect(movementReason({ ...refund, paymentKind: 'tournament_entry', tournamentCancelled: true })).toBe('tournamentCancelled');
    expect(movementReason({ ...refund, paymentKind: 'tournament_entry' })).toBe('entryRefused');
    expect(movementReason({ ...refund, paymentKind: 'purchase' })).toBe('purchaseRefused');
    expect(movementReason({ ...refund, kind: 'give_back', paymentKind: null, owedKind: 'excess_in' })).toBe('overpaid');
    expect(movementReason({ ...refund, kind: 'give_back', paymentKind: null, owedKind: 'refused_in' })).toBe('refusedTransfer');
    expect(movementReason({ ...refund, kind: 'payout', gameDrawn: true })).toBeNull();
  });

  it('pages from a cursor that names the last movement shown', () => {
    const position = { sortKey: 1_795_669_612_545_123n, id: 'due-refund-3f2a9c1e-0b7d-4c55-9e4a-2b1d7c6e5f40' };
    expect(encodeCursor(position)).toBe('1795669612545123.due-refund-3f2a9c1e-0b7d-4c55-9e4a-2b1d7c6e5f40');
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });
});
