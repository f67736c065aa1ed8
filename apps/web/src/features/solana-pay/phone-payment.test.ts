// The stake payment with its QR code offered beside the connected wallet: whichever pays first is
// the payment, and the other way stops asking.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import { type PaymentDeps, runStakePayment } from '../duel/payment-flow';
import type { PaymentState } from '../duel/payment-state';

const TREASURY = '11111111111111111111111111111111';
const REFERENCE = 'So11111111111111111111111111111111111111112';
const WALLET_SIGNATURE = '5'.repeat(88);
const PHONE_SIGNATURE = '4'.repeat(88);
const CONFIRMED = 33_333_333n;
const betInfo = { betAmount: '5$', recipientWallet: TREASURY, solAmount: '0.033333333', lamports: '33333333', paymentId: 'pay-1', reference: REFERENCE, expiresAt: 1 };
let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

function scripted(overrides: Partial<PaymentDeps>) {
  const states: PaymentState[] = [];
  const verified: unknown[] = [];
  const deps: PaymentDeps = {
    protocol,
    requestBetInfo: async () => betInfo,
    pay: () => new Promise(() => undefined),
    verify: async (payload) => {
      verified.push(payload);
      return { success: true, message: 'Payment verified', paymentId: 'pay-1', signature: payload.signature };
    },
    update: (state) => states.push(state),
    ...overrides,
  };
  return { deps, states, verified };
}

describe('a stake paid from a phone wallet by its QR code', () => {
  it('offers the transfer while the wallet is asked, and takes the payment the phone made', async () => {
    const run = scripted({ findByReference: async (paymentId) => ({ paymentId, signature: PHONE_SIGNATURE }) });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toEqual({ paymentId: 'pay-1', signature: PHONE_SIGNATURE });
    expect(run.states.find((s) => s.phase === 'signing')?.transfer).toEqual({ recipientWallet: TREASURY, lamports: CONFIRMED, reference: REFERENCE });
    expect(run.states.at(-1)).toMatchObject({ phase: 'verified', signature: PHONE_SIGNATURE });
    expect(run.verified).toEqual([]);
  });

  it('stops polling once the connected wallet sent, then verifies that signature', async () => {
    let stopped: AbortSignal | null = null;
    const run = scripted({
      pay: async (_transfer, sent) => {
        sent(WALLET_SIGNATURE);
        return WALLET_SIGNATURE;
      },
      findByReference: (_paymentId, signal) => {
        stopped = signal;
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null)));
      },
    });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toEqual({ paymentId: 'pay-1', signature: WALLET_SIGNATURE });
    expect((stopped as AbortSignal | null)?.aborted).toBe(true);
    expect(run.verified).toEqual([{ paymentId: 'pay-1', signature: WALLET_SIGNATURE }]);
  });

  it('a wallet that refuses ends the payment and the polling', async () => {
    let stopped: AbortSignal | null = null;
    const run = scripted({
      pay: async () => {
        throw new Error('User rejected the request');
      },
      findByReference: (_paymentId, signal) => {
        stopped = signal;
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null)));
      },
    });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toBeNull();
    expect(run.states.at(-1)).toMatchObject({ phase: 'failed', message: expect.stringContaining('User rejected') });
    expect((stopped as AbortSignal | null)?.aborted).toBe(true);
  });
});
