// Paid games and their failure messages, with a scripted socket and wallet.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import { SocketRefusedError, SocketTimeoutError } from '../../net/socket-request';
import { WrongNetworkError, wrongNetworkText } from '../wallet/wrong-network';
import { type PaymentDeps, type StakeTransfer, runStakePayment, verifyStakePayment } from './payment-flow';
import type { PaymentState } from './payment-state';

const TREASURY = '11111111111111111111111111111111';
const REFERENCE = 'So11111111111111111111111111111111111111112';
const SIGNATURE = '5'.repeat(88);
/** 5$ at the default price of 150 USD per SOL, as the player confirmed it. */
const CONFIRMED = 33_333_333n;
const betInfo = { betAmount: '5$', recipientWallet: TREASURY, solAmount: '0.033333333', lamports: '33333333', paymentId: 'pay-1', reference: REFERENCE, expiresAt: 1 };
let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

function scripted(overrides: Partial<PaymentDeps> = {}) {
  const states: PaymentState[] = [];
  const transfers: StakeTransfer[] = [];
  const deps: PaymentDeps = {
    protocol,
    requestBetInfo: async () => betInfo,
    pay: async (transfer, sent) => {
      transfers.push(transfer);
      sent(SIGNATURE);
      return SIGNATURE;
    },
    verify: async () => ({ success: true, message: 'Payment verified', paymentId: 'pay-1' }),
    update: (state) => states.push(state),
    ...overrides,
  };
  return { deps, states, transfers, last: () => states[states.length - 1]! };
}

describe('stake payment', () => {
  it('asks for the bet info, pays with the reference, verifies, and hands back the payment', async () => {
    const run = scripted();
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toEqual({ paymentId: 'pay-1', signature: SIGNATURE });
    expect(run.states.map((state) => state.phase)).toEqual(['requesting', 'signing', 'confirming', 'verifying', 'verified']);
    expect(run.transfers).toEqual([{ recipientWallet: TREASURY, lamports: 33_333_333n, reference: REFERENCE }]);
  });

  it.each<[string, Partial<PaymentDeps>, string]>([
    ['no bet info within 10 s', { requestBetInfo: () => Promise.reject(new SocketTimeoutError('requestBetInfo')) }, 'Request timeout'],
    ['a refused bet info', { requestBetInfo: () => Promise.reject(new SocketRefusedError('Sign in to play paid games')) }, 'Failed to join game: Sign in to play paid games'],
    ['an answer that is not bet info', { requestBetInfo: async () => ({ nope: true }) }, 'Failed to join game: the server sent no payment information'],
    ['a wallet that refuses', { pay: () => Promise.reject(new Error('User rejected the request')) }, 'Failed to join game: User rejected the request'],
    ['a refused payment', { verify: async () => ({ success: false, message: 'The transaction does not pay this request', code: 'PAYMENT_INVALID' }) }, 'Payment verification failed: The transaction does not pay this request'],
    ['an unreadable verification', { verify: async () => 'garbage' }, 'Payment verification failed: unexpected answer from the server'],
  ])('on %s, says "%s"', async (_case, overrides, message) => {
    const run = scripted(overrides);
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toBeNull();
    expect(run.last()).toMatchObject({ phase: 'failed', message });
  });

  it('never asks the wallet for another amount than the one confirmed', async () => {
    const run = scripted({ requestBetInfo: async () => ({ ...betInfo, lamports: '34000000' }) });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toBeNull();
    expect(run.transfers).toEqual([]);
    expect(run.last()).toMatchObject({ phase: 'failed', message: 'Failed to join game: the stake is now 0.0340 SOL, not the 0.0333 SOL you confirmed. Nothing was paid.' });
  });

  it('opens the verification-failed popup after 30 s without an answer, and Retry verifies the same signature', async () => {
    let attempts = 0;
    const run = scripted({
      verify: async (payload) => {
        attempts += 1;
        expect(payload).toEqual({ paymentId: 'pay-1', signature: SIGNATURE });
        if (attempts === 1) throw new SocketTimeoutError('verifyPayment');
        return { success: true, message: 'ok' };
      },
    });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toBeNull();
    expect(run.last()).toMatchObject({ phase: 'verification-failed', reason: 'timeout', message: 'Verification timeout', signature: SIGNATURE, paymentId: 'pay-1' });
    expect(await verifyStakePayment(run.last(), run.deps)).toEqual({ paymentId: 'pay-1', signature: SIGNATURE });
    expect(run.last().phase).toBe('verified');
  });

  it('opens it too when the chain has not shown the transfer yet', async () => {
    const message = 'Transaction not found yet. It may still be confirming; please retry verification.';
    const run = scripted({ verify: async () => ({ success: false, message, retryable: true, code: 'PAYMENT_NOT_FOUND' }) });
    await runStakePayment('10$', { ...run.deps, requestBetInfo: async () => ({ ...betInfo, betAmount: '10$', lamports: '66666666' }) }, 66_666_666n);
    expect(run.last()).toMatchObject({ phase: 'verification-failed', reason: 'not-found', message, betAmount: '10$' });
  });

  it('verifies a transfer that was sent but not confirmed in the browser', async () => {
    const run = scripted({
      pay: async (_transfer, sent) => {
        sent(SIGNATURE);
        throw new Error('The transaction was not confirmed in time');
      },
    });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toEqual({ paymentId: 'pay-1', signature: SIGNATURE });
  });

  it('says the wallet may be on another network, without verifying, when our cluster never saw the transfer', async () => {
    const network = { cluster: 'localnet' as const, rpcUrl: 'http://127.0.0.1:8899' };
    let verified = false;
    const run = scripted({
      pay: async (_transfer, sent) => {
        sent(SIGNATURE);
        throw new WrongNetworkError(network, SIGNATURE, 20_000);
      },
      verify: async () => {
        verified = true;
        return { success: true, message: 'Payment verified', paymentId: 'pay-1' };
      },
    });
    expect(await runStakePayment('5$', run.deps, CONFIRMED)).toBeNull();
    expect(run.last()).toMatchObject({ phase: 'failed', message: wrongNetworkText(network, 20_000) });
    expect(verified).toBe(false);
  });

  it('cannot retry without a signature', async () => {
    const run = scripted();
    expect(await verifyStakePayment({ betAmount: '5$', paymentId: 'pay-1', signature: null }, run.deps)).toBeNull();
    expect(run.last()).toMatchObject({ phase: 'failed', message: 'No transaction signature available to retry' });
  });
});
