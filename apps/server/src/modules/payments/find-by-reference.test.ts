// The lookup by reference alone, with a scripted store, chain and verification: who may ask, the
// order transfers are judged in, and what a chain that does not answer gives.
import { toLamports } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { createReferenceLookup } from './find-by-reference';
import type { PaymentRecord } from './ports';
import type { VerifyOutcome } from './verification';

const PAYMENT: PaymentRecord = {
  id: 'pay-1',
  kind: 'stake',
  wallet: 'alice',
  payer: null,
  expectedLamports: toLamports(100n),
  reference: 'ref-1',
  signature: null,
  status: 'pending',
  createdAt: new Date(0),
  expiresAt: new Date(600_000),
  gameSessionId: null,
  characterId: null,
  tournamentId: null,
};

function lookup(options: { signatures?: () => Promise<string[]>; outcomes?: Record<string, VerifyOutcome> }) {
  const asked: string[] = [];
  const verified: string[] = [];
  const find = createReferenceLookup({
    store: { findPayment: async (id) => (id === PAYMENT.id ? PAYMENT : null) },
    findSignatures: async (reference) => {
      asked.push(reference);
      return (options.signatures ?? (async () => []))();
    },
    verify: async (_kind, request) => {
      verified.push(request.signature);
      return options.outcomes?.[request.signature] ?? { kind: 'refused', code: 'PAYMENT_NOT_FOUND', retryable: true };
    },
  });
  return { find, asked, verified };
}

describe('verifying a payment by its reference', () => {
  it("refuses an unknown or another player's payment without asking the chain", async () => {
    const run = lookup({});
    expect((await run.find('stake', { wallet: 'mallory', paymentId: 'pay-1' })).outcome).toMatchObject({ kind: 'refused', code: 'NOT_FOUND' });
    expect((await run.find('stake', { wallet: 'alice', paymentId: 'nope' })).outcome).toMatchObject({ kind: 'refused', code: 'NOT_FOUND' });
    expect((await run.find('purchase', { wallet: 'alice', paymentId: 'pay-1' })).outcome).toMatchObject({ kind: 'refused', code: 'NOT_FOUND' });
    expect(run.asked).toEqual([]);
  });

  it('judges the transfers oldest first: an underpayment before the payment does not hide it', async () => {
    const verified: VerifyOutcome = { kind: 'verified', payment: PAYMENT, signature: 'paid' };
    const run = lookup({ signatures: async () => ['later', 'paid', 'short'], outcomes: { short: { kind: 'refused', code: 'PAYMENT_INVALID', retryable: false, givenBack: true }, paid: verified } });
    expect(await run.find('stake', { wallet: 'alice', paymentId: 'pay-1' })).toEqual({ outcome: verified, signature: 'paid' });
    expect(run.verified).toEqual(['short', 'paid']);
  });

  it('answers a transfer it had to refuse, and "not found, retry" when nothing or no chain answers', async () => {
    const refused = lookup({ signatures: async () => ['short'], outcomes: { short: { kind: 'refused', code: 'PAYMENT_INVALID', retryable: false, givenBack: true } } });
    expect(await refused.find('stake', { wallet: 'alice', paymentId: 'pay-1' })).toMatchObject({ outcome: { code: 'PAYMENT_INVALID' }, signature: 'short' });
    expect((await lookup({}).find('stake', { wallet: 'alice', paymentId: 'pay-1' })).outcome).toMatchObject({ code: 'PAYMENT_NOT_FOUND', retryable: true });
    const down = lookup({ signatures: () => Promise.reject(new Error('rpc timeout')) });
    expect((await down.find('stake', { wallet: 'alice', paymentId: 'pay-1' })).outcome).toMatchObject({ code: 'PAYMENT_NOT_FOUND', retryable: true });
  });
});
