import { describe, expect, it } from 'vitest';
import { answersPayment, pollAnswerOf } from './reference-poll';

const SIGNATURE = '5'.repeat(88);

describe("a verification's answer asked by reference", () => {
  it('is found with the signature the server names, and waits while the transfer is not visible', () => {
    expect(pollAnswerOf('pay-1', { success: true, message: 'Payment verified', signature: SIGNATURE })).toEqual({ kind: 'found', payment: { paymentId: 'pay-1', signature: SIGNATURE } });
    expect(pollAnswerOf('pay-1', { success: false, code: 'PAYMENT_NOT_FOUND', retryable: true, message: 'Transaction not found yet' })).toEqual({ kind: 'waiting' });
  });

  it('reports a transfer being given back (still payable), and ends on an expired or unknown request', () => {
    const givenBack = 'The transaction does not pay this request. The payment is being refunded to your wallet.';
    expect(pollAnswerOf('pay-1', { success: false, code: 'PAYMENT_INVALID', message: givenBack })).toEqual({ kind: 'refused', message: givenBack });
    expect(pollAnswerOf('pay-1', { success: false, code: 'PAYMENT_EXPIRED', message: 'This payment request has expired' })).toEqual({ kind: 'over', message: 'This payment request has expired' });
    expect(pollAnswerOf('pay-1', { success: false, code: 'NOT_FOUND', message: 'Not found' })).toEqual({ kind: 'over', message: 'Not found' });
  });

  it("is this payment's when it names it", () => {
    expect(answersPayment('pay-1')({ paymentId: 'pay-1' })).toBe(true);
    expect(answersPayment('pay-1')({ paymentId: 'pay-2' })).toBe(false);
  });
});
