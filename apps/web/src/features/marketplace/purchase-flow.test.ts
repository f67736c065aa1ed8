// The marketplace purchase and its failure messages, with a scripted socket and wallet.
import { MARKETPLACE_CHARACTERS } from '@duel-dojo/rules';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import { SocketRefusedError, SocketTimeoutError } from '../../net/socket-request';
import { type PurchaseDeps, runPurchase, verifyPurchase } from './purchase-flow';
import { liveSession } from '../solana-pay/session-views';
import type { PurchaseState } from './purchase-state';

const item = MARKETPLACE_CHARACTERS[0]!;
const WALLET = '11111111111111111111111111111111';
const SIGNATURE = '5'.repeat(88);
const info = { success: true, message: 'ok', characterId: item.id, recipientWallet: WALLET, solAmount: '1.8', lamports: '1800000000', purchaseId: 'purchase-1', reference: WALLET, expiresAt: 1 };
let protocol: Protocol;
beforeAll(async () => {
  protocol = await loadProtocol();
});

function scripted(overrides: Partial<PurchaseDeps>) {
  const states: PurchaseState[] = [];
  let purchased = 0;
  const deps: PurchaseDeps = {
    protocol,
    walletAddress: WALLET,
    requestInfo: async () => info,
    pay: async () => SIGNATURE,
    verify: async () => ({ success: true, message: 'ok', characterOwnershipUpdated: true }),
    update: (state) => states.push(state),
    onPurchased: () => (purchased += 1),
    pollIntervalMs: 1,
    ...overrides,
  };
  return { deps, states, last: () => states[states.length - 1]!, purchased: () => purchased };
}

describe('purchase flow', () => {
  it('requests, pays, verifies and announces the purchase', async () => {
    const run = scripted({});
    await runPurchase(item, run.deps);
    expect(run.states.map((state) => state.phase)).toEqual(['requesting', 'signing', 'verifying', 'succeeded']);
    expect(run.last().message).toBe(`Successfully purchased ${item.name}! You now own this character. Transaction: 55555555…`);
    expect(run.purchased()).toBe(1);
  });

  it('says ownership updates later when the server could not record it yet', async () => {
    const run = scripted({ verify: async () => ({ success: true, message: 'ok', characterOwnershipUpdated: false }) });
    await runPurchase(item, run.deps);
    expect(run.last().message).toContain('Ownership will update');
  });

  it.each<[string, Partial<PurchaseDeps>, string]>([
    ['no answer in 10 s', { requestInfo: async () => Promise.reject(new SocketTimeoutError('requestMarketplacePurchase')) }, 'Request timeout'],
    ['an answer that is not purchase information', { requestInfo: async () => ({ hello: 1 }) }, 'Failed to get purchase information'],
    ['a refusal', { requestInfo: async () => ({ success: false, message: 'This character is sold out' }) }, 'Purchase failed: This character is sold out'],
    ['an error event', { requestInfo: async () => Promise.reject(new SocketRefusedError('You already own this character')) }, 'Purchase failed: You already own this character'],
    ['a request for another price', { requestInfo: async () => ({ ...info, lamports: '1900000000' }) }, 'Purchase failed: the price is now 1.900 SOL, not the 1.800 SOL you confirmed. Nothing was paid.'],
    ['no verification in 30 s', { verify: async () => Promise.reject(new SocketTimeoutError('verifyMarketplacePurchase')) }, 'Purchase verification failed: Verification timeout'],
    ['a failed verification', { verify: async () => ({ success: false, message: 'The transaction does not pay this request', characterOwnershipUpdated: false }) }, 'Purchase verification failed: The transaction does not pay this request'],
    ['a failed verification without a message', { verify: async () => ({ success: false, message: '', characterOwnershipUpdated: false }) }, 'Purchase verification failed: Purchase verification failed'],
  ])('on %s, alerts "%s"', async (_case, overrides, message) => {
    const run = scripted(overrides);
    await runPurchase(item, run.deps);
    expect(run.last()).toMatchObject({ phase: 'failed', message });
    expect(run.purchased()).toBe(0);
  });

  it('opens Transaction Not Found when the chain has not shown the transfer yet, and retries', async () => {
    let attempts = 0;
    const run = scripted({
      verify: async () => {
        attempts += 1;
        return attempts === 1
          ? { success: false, message: 'Transaction not found yet. It may still be confirming; please retry verification.', characterOwnershipUpdated: false, retryable: true }
          : { success: true, message: 'ok', characterOwnershipUpdated: true };
      },
    });
    await runPurchase(item, run.deps);
    expect(run.last()).toMatchObject({ phase: 'not-found', purchaseId: 'purchase-1', signature: SIGNATURE });
    await verifyPurchase(item, 'purchase-1', SIGNATURE, run.deps);
    expect(run.last().phase).toBe('succeeded');
  });

  describe('with its Solana Pay QR code', () => {
    const NOT_YET = { success: false, code: 'PAYMENT_NOT_FOUND', retryable: true, message: 'Transaction not found yet.', characterOwnershipUpdated: false, purchaseId: 'purchase-1' };
    const PHONE = '4'.repeat(88);
    const refusingWallet = () => Promise.reject(new Error('User rejected the request'));
    // Waits for what the session shows; the limit only catches a hang on a loaded machine.
    const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 30_000 });

    it('offers the transfer while the wallet is asked; a closed prompt keeps it payable, and the phone pays it', async () => {
      const asked: unknown[] = [];
      let polls = 0;
      const run = scripted({
        requestInfo: async () => ({ ...info, expiresAt: Date.now() + 60_000 }),
        pay: refusingWallet,
        verify: async (payload) => {
          asked.push(payload);
          polls += 1;
          return polls < 3 ? NOT_YET : { success: true, message: 'ok', characterOwnershipUpdated: true, purchaseId: 'purchase-1', signature: PHONE };
        },
      });
      await runPurchase(item, run.deps);
      expect(run.states.find((state) => state.phase === 'signing')?.transfer).toEqual({ recipientWallet: WALLET, lamports: 1_800_000_000n, reference: WALLET });
      expect(run.states.map((state) => state.phase)).toEqual(['requesting', 'signing', 'succeeded']);
      expect(run.last()).toMatchObject({ signature: PHONE, message: expect.stringContaining(`Successfully purchased ${item.name}!`) });
      expect(asked).toEqual([{ purchaseId: 'purchase-1', characterId: item.id }, { purchaseId: 'purchase-1', characterId: item.id }, { purchaseId: 'purchase-1', characterId: item.id }]);
      expect(run.purchased()).toBe(1);
      expect(liveSession(WALLET)).toBeNull();
    });

    it('keeps asking until the request expires, then says so', async () => {
      const run = scripted({ requestInfo: async () => ({ ...info, expiresAt: Date.now() + 30 }), pay: refusingWallet, verify: async () => NOT_YET });
      await runPurchase(item, run.deps);
      expect(run.last()).toMatchObject({ phase: 'failed', message: 'Purchase failed: This payment request has expired' });
      expect(run.purchased()).toBe(0);
    });

    it('after a closed prompt, the wallet is asked again only once the request is checked unpaid; Cancel ends it', async () => {
      let prompts = 0;
      const run = scripted({
        pay: async () => {
          prompts += 1;
          throw new Error('User rejected the request');
        },
        verify: async () => NOT_YET,
        pollIntervalMs: 60_000,
      });
      const running = runPurchase(item, run.deps);
      await waitFor(() => liveSession(WALLET)?.view.wallet === 'closed');
      expect(liveSession(WALLET)?.view).toEqual({ wallet: 'closed', notice: 'User rejected the request' });
      liveSession(WALLET)?.retryWallet();
      await waitFor(() => prompts === 2 && liveSession(WALLET)?.view.wallet === 'closed');
      expect(prompts).toBe(2);
      liveSession(WALLET)?.cancel();
      await running;
      expect(run.last()).toMatchObject({ phase: 'failed', message: 'Purchase failed: Payment cancelled: nothing was paid.' });
      expect(run.purchased()).toBe(0);
    });

    it('does not ask the wallet again when the phone paid meanwhile: the request is already paid', async () => {
      let prompts = 0;
      let paidByPhone = false;
      const run = scripted({
        pay: async () => {
          prompts += 1;
          throw new Error('User closed the wallet');
        },
        verify: async () => (paidByPhone ? { success: true, message: 'ok', characterOwnershipUpdated: true, purchaseId: 'purchase-1', signature: PHONE } : NOT_YET),
        pollIntervalMs: 60_000,
      });
      const running = runPurchase(item, run.deps);
      await waitFor(() => liveSession(WALLET)?.view.wallet === 'closed');
      paidByPhone = true;
      liveSession(WALLET)?.retryWallet();
      await running;
      expect(prompts).toBe(1);
      expect(run.last()).toMatchObject({ phase: 'succeeded', signature: PHONE });
    });

    it("the wallet's transfer refused as a second payment: already paid, the phone's payment bought it", async () => {
      const given = { success: false, code: 'PAYMENT_INVALID', message: 'The transaction does not pay this request. The payment is being refunded to your wallet.', characterOwnershipUpdated: false };
      const run = scripted({
        verify: async (payload) => (payload.signature ? given : { success: true, message: 'ok', characterOwnershipUpdated: true, purchaseId: 'purchase-1', signature: PHONE }),
      });
      await runPurchase(item, run.deps);
      expect(run.last()).toMatchObject({ phase: 'succeeded', signature: PHONE, message: expect.stringMatching(/^This request is already paid\. The transaction does not pay this request\. The payment is being refunded/) });
    });
  });
});
