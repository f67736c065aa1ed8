// Spec §4 "Marketplace purchase" and its §8 messages, with a scripted socket and wallet.
import { MARKETPLACE_CHARACTERS } from '@duel-dojo/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Protocol, loadProtocol } from '../../net/protocol';
import { SocketRefusedError, SocketTimeoutError } from '../../net/socket-request';
import { type PurchaseDeps, runPurchase, verifyPurchase } from './purchase-flow';
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
    ['a wallet refusal', { pay: async () => Promise.reject(new Error('User rejected the request')) }, 'Purchase failed: User rejected the request'],
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
});
