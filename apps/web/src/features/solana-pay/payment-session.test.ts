// One request offered to the connected wallet and to a phone wallet at once: whichever pays first
// counts, a closed prompt leaves the QR code payable, and a second payment is warned about.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID_TEXT, type PaymentSessionDeps, type PollAnswer, type SessionView, openPaymentSession, payEitherWay } from './payment-session';

const PHONE = '4'.repeat(88);
const WALLET = '5'.repeat(88);
const found: PollAnswer = { kind: 'found', payment: { paymentId: 'pay-1', signature: PHONE } };

function controlled<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

function scripted(overrides: Partial<PaymentSessionDeps>) {
  const views: SessionView[] = [];
  const seconds: string[] = [];
  let asks = 0;
  const session = openPaymentSession({
    expiresAt: null,
    intervalMs: 1,
    ask: async () => {
      asks += 1;
      return { kind: 'waiting' };
    },
    wallet: () => new Promise(() => undefined),
    secondPayment: (signature) => seconds.push(signature),
    expiredMessage: 'This payment request has expired',
    onChange: (view) => views.push(view),
    ...overrides,
  });
  return { session, views, seconds, asks: () => asks };
}

// The session asks between timers: fake ones here, moved on by the test, so what is checked does
// not hang on how fast the machine is. `tick()` lets 10 ms pass: ten rounds of asking at 1 ms.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());
const tick = (ms = 10) => vi.advanceTimersByTimeAsync(ms);

describe('a payment session', () => {
  it('settles with the phone when its transfer is found first, and stops asking', async () => {
    let asks = 0;
    const run = scripted({ ask: async () => ((asks += 1) < 3 ? { kind: 'waiting' } : found) });
    const paying = payEitherWay(run.session, () => undefined);
    await tick();
    expect(await paying).toEqual({ by: 'phone', payment: found.payment });
    await tick();
    expect(asks).toBe(3);
  });

  it('settles with the wallet once it sent, and stops asking the server', async () => {
    const wallet = controlled<string>();
    let sentHere: ((signature: string) => void) | null = null;
    const run = scripted({
      wallet: (sent) => {
        sentHere = sent;
        return wallet.promise;
      },
    });
    const heard: string[] = [];
    const paying = payEitherWay(run.session, (signature) => heard.push(signature));
    (sentHere as ((signature: string) => void) | null)?.(WALLET);
    const asked = run.asks();
    wallet.resolve(WALLET);
    expect(await paying).toEqual({ by: 'wallet', signature: WALLET });
    expect(heard).toEqual([WALLET]);
    expect(run.session.view().wallet).toBe('sent');
    await tick();
    expect(run.asks()).toBe(asked);
  });

  it('shows a transfer given back and keeps asking', async () => {
    let asks = 0;
    const run = scripted({ ask: async () => ((asks += 1) === 1 ? { kind: 'refused', message: 'Underpaid. The payment is being refunded to your wallet.' } : asks < 4 ? { kind: 'waiting' } : found) });
    const paying = payEitherWay(run.session, () => undefined);
    await tick();
    expect((await paying).by).toBe('phone');
    expect(run.views.map((view) => view.notice)).toContain('Underpaid. The payment is being refunded to your wallet.');
  });

  it('a wallet prompt approved after the phone paid: warned as already paid, and shown to the server to be given back', async () => {
    const wallet = controlled<string>();
    let sentHere: ((signature: string) => void) | null = null;
    const run = scripted({
      ask: async () => found,
      wallet: (sent) => {
        sentHere = sent;
        return wallet.promise;
      },
    });
    const paying = payEitherWay(run.session, () => undefined);
    await tick();
    expect((await paying).by).toBe('phone');
    (sentHere as ((signature: string) => void) | null)?.(WALLET);
    wallet.resolve(WALLET);
    await tick();
    expect(run.seconds).toEqual([WALLET]);
    expect(run.session.view().notice).toBe(ALREADY_PAID_TEXT);
  });

  it('a closed prompt keeps the request payable; the wallet is asked again only after the reference was checked', async () => {
    let prompts = 0;
    const answers: PollAnswer[] = [{ kind: 'waiting' }, found];
    const run = scripted({
      intervalMs: 60_000,
      ask: async () => answers.shift() ?? { kind: 'waiting' },
      wallet: async () => {
        prompts += 1;
        throw new Error('User rejected the request');
      },
    });
    const paying = payEitherWay(run.session, () => undefined);
    await tick();
    expect(run.session.view()).toEqual({ wallet: 'closed', notice: 'User rejected the request' });
    await run.session.retryWallet();
    expect(prompts).toBe(2);
    await tick();
    // The phone paid meanwhile: checked before a third prompt, which is never shown.
    await run.session.retryWallet();
    expect(await paying).toEqual({ by: 'phone', payment: found.payment });
    expect(prompts).toBe(2);
    expect(run.session.view().notice).toBe(ALREADY_PAID_TEXT);
  });

  it('ends at the expiry while the prompt is closed, and on Cancel', async () => {
    const refuse = async () => Promise.reject(new Error('closed'));
    const expired = scripted({ expiresAt: Date.now() + 20, wallet: refuse });
    const ending = payEitherWay(expired.session, () => undefined);
    await tick(50);
    const ended = await ending;
    expect(ended).toMatchObject({ by: 'failed', signature: null });
    expect((ended as { error: Error }).error.message).toBe('This payment request has expired');

    const cancelled = scripted({ intervalMs: 60_000, wallet: refuse });
    const paying = payEitherWay(cancelled.session, () => undefined);
    await tick();
    cancelled.session.cancel();
    expect(((await paying) as { error: Error }).error.message).toBe('Payment cancelled: nothing was paid.');
  });
});
