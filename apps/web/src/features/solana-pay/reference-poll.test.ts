import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import { pollByReference } from './reference-poll';

const SIGNATURE = '5'.repeat(88);
let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

const NOT_YET = { success: false, code: 'PAYMENT_NOT_FOUND', retryable: true, message: 'Transaction not found yet', paymentId: 'pay-1' };

function scripted(answers: unknown[]) {
  const asked: unknown[] = [];
  const refusals: string[] = [];
  const deps = {
    protocol,
    intervalMs: 1,
    verify: async (payload: { paymentId: string }) => {
      asked.push(payload);
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? NOT_YET;
    },
    onRefused: (message: string) => refusals.push(message),
  };
  return { deps, asked, refusals };
}

describe('polling a payment by its reference', () => {
  it('asks with the payment alone until the server finds the transfer, then hands it back', async () => {
    const run = scripted([NOT_YET, new Error('timeout'), { success: true, message: 'Payment verified', paymentId: 'pay-1', signature: SIGNATURE }]);
    expect(await pollByReference('pay-1', run.deps, new AbortController().signal)).toEqual({ paymentId: 'pay-1', signature: SIGNATURE });
    expect(run.asked).toEqual([{ paymentId: 'pay-1' }, { paymentId: 'pay-1' }, { paymentId: 'pay-1' }]);
  });

  it('reports a transfer being given back and keeps polling; stops on an expired request', async () => {
    const run = scripted([
      { success: false, code: 'PAYMENT_INVALID', message: 'The transaction does not pay this request. The payment is being refunded to your wallet.', paymentId: 'pay-1' },
      { success: false, code: 'PAYMENT_EXPIRED', message: 'This payment request has expired', paymentId: 'pay-1' },
    ]);
    expect(await pollByReference('pay-1', run.deps, new AbortController().signal)).toBeNull();
    expect(run.refusals).toEqual([expect.stringContaining('refunded to your wallet')]);
    expect(run.asked).toHaveLength(2);
  });

  it('stops asking once aborted (the connected wallet paid first)', async () => {
    const run = scripted([]);
    const stop = new AbortController();
    const polling = pollByReference('pay-1', { ...run.deps, intervalMs: 60_000 }, stop.signal);
    stop.abort();
    expect(await polling).toBeNull();
    expect(run.asked).toEqual([]);
  });
});
