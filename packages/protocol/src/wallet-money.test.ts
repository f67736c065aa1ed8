import { describe, expect, it } from 'vitest';
import { moneyMovement, walletMoneyAnswer, walletMoneyQuery } from './wallet-money';
import { ISO, TX_SIGNATURE, WALLET_A } from './test-support/samples';

const movement = {
  id: '3f2a9c1e-0b7d-4c55-9e4a-2b1d7c6e5f40',
  kind: 'refund',
  reason: 'draw',
  direction: 'in',
  lamports: '33333333',
  status: 'confirmed',
  transactionSignature: TX_SIGNATURE,
  sessionId: 'g_123',
  tournamentId: null,
  characterId: null,
  createdAt: ISO,
};

describe('a wallet money page', () => {
  it('reads ?cursor=&limit=, refusing a cursor it did not make', () => {
    expect(walletMoneyQuery.parse({})).toEqual({ limit: 20 });
    expect(walletMoneyQuery.parse({ cursor: `1795669612545123.${movement.id}`, limit: '50' })).toEqual({ cursor: `1795669612545123.${movement.id}`, limit: 50 });
    for (const cursor of ['', 'abc', '12.', '.abc', '12345678901234567.x', "1.x' or 1=1"]) expect(walletMoneyQuery.safeParse({ cursor }).success, cursor).toBe(false);
    expect(walletMoneyQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('accepts movements with lamports as digits, an unsent one without a signature', () => {
    const answer = { success: true, walletAddress: WALLET_A, totals: { inLamports: '5', outLamports: '7', netLamports: '-2' }, movements: [movement, { ...movement, id: 'due-refund-x', status: 'pending', transactionSignature: null }], nextCursor: null };
    expect(walletMoneyAnswer.parse(answer)).toEqual(answer);
    expect(moneyMovement.safeParse({ ...movement, lamports: '0.5' }).success).toBe(false);
    expect(moneyMovement.safeParse({ ...movement, kind: 'fee' }).success).toBe(false);
    expect(moneyMovement.safeParse({ ...movement, status: 'sent' }).success).toBe(false);
  });
});
