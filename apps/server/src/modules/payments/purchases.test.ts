// Marketplace purchases over Socket.IO with real transfers (the marketplace purchase flow;
// docs/security.md 1-9 apply as to stakes; 27 after each test): the catalogue's price, ownership and
// supply in the payment's own transaction, and the last item never sold twice.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketplaceSupply } from '../../adapters/db/schema';
import { getJson, testDatabases } from '../../test-support';
import { type TestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyHarness, type MoneyPlayer, moneyPlayer } from '../../test-support/money';
import { useMoneySuite } from '../../test-support/money-suite';
import type { Database } from '../../test-support/game-server';

const BLUE_SAGE = { characterId: 12, price: '250000000' };
const CRIMSON_MERC = { characterId: 10, price: '1800000000', maxSupply: 100 };

describe.each(testDatabases())('marketplace purchases on $kind', (target) => {
  let chain: TestChain;
  let database: Database;
  let harness: MoneyHarness;
  useMoneySuite(target, (suite) => ({ chain, database, harness } = suite));

  async function requestPurchase(player: MoneyPlayer, item: { characterId: number; price: string }) {
    player.client.emit('requestMarketplacePurchase', { ...item, currency: 'SOL', walletAddress: player.address });
    return player.client.next('marketplacePurchaseInfo');
  }

  async function pay(player: MoneyPlayer, info: { recipientWallet: string; lamports: string; reference: string }) {
    return chain.send(player.signer, [transferWithReferences(player.signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
  }

  async function verify(player: MoneyPlayer, purchaseId: string, signature: string, characterId: number) {
    player.client.emit('verifyMarketplacePurchase', { purchaseId, signature, characterId });
    return player.client.next('marketplacePurchaseResult', () => true, 45_000);
  }

  it('buys a character at the catalogue price: ownership and supply change with the payment', async () => {
    const alice = await moneyPlayer(harness, chain, 'alice_buys');
    const info = await requestPurchase(alice, BLUE_SAGE);
    if (!info.success) throw new Error(info.message);
    expect(info).toMatchObject({ recipientWallet: chain.treasury.address, lamports: BLUE_SAGE.price, solAmount: '0.25' });
    const signature = await pay(alice, info);
    expect(await verify(alice, info.purchaseId, signature, BLUE_SAGE.characterId)).toMatchObject({ success: true, characterOwnershipUpdated: true, transactionSignature: signature });
    const owned = await getJson<{ charactersOwned: { characterId: number }[] }>(`${harness.url}/api/user/${alice.address}/characters`);
    expect(owned.body.charactersOwned.map((c) => c.characterId)).toEqual([BLUE_SAGE.characterId]);
    const [supply] = await database.db.select().from(marketplaceSupply).where(eq(marketplaceSupply.characterId, BLUE_SAGE.characterId));
    expect(supply?.purchased).toBe(1);
    // Owned now: a second purchase is refused before any money moves.
    expect(await requestPurchase(alice, BLUE_SAGE)).toMatchObject({ success: false, code: 'ALREADY_OWNED' });
    alice.client.close();
  });

  it('refuses a stale price, a character not for sale, and a purchase verified for another character', async () => {
    const bob = await moneyPlayer(harness, chain, 'bob_buys');
    expect(await requestPurchase(bob, { characterId: 12, price: '1' })).toMatchObject({ success: false, code: 'PRICE_MISMATCH' });
    expect(await requestPurchase(bob, { characterId: 3, price: '0' })).toMatchObject({ success: false, code: 'NOT_FOR_SALE' });
    const info = await requestPurchase(bob, { characterId: 13, price: '350000000' });
    if (!info.success) throw new Error(info.message);
    const signature = await pay(bob, info);
    expect(await verify(bob, info.purchaseId, signature, 14)).toMatchObject({ success: false, code: 'PAYMENT_INVALID', characterOwnershipUpdated: false });
    expect(await verify(bob, info.purchaseId, signature, 13)).toMatchObject({ success: true });
    bob.client.close();
  });

  it('a purchase not visible yet answers "not found" (the client retries), never a failure', async () => {
    const carol = await moneyPlayer(harness, chain, 'carol_buys');
    const info = await requestPurchase(carol, BLUE_SAGE);
    if (!info.success) throw new Error(info.message);
    const unsent = await chain.sign(carol.signer, [transferWithReferences(carol.signer, info.recipientWallet, BigInt(info.lamports), [info.reference])]);
    const answer = await verify(carol, info.purchaseId, unsent.signature, BLUE_SAGE.characterId);
    expect(answer).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', retryable: true, characterOwnershipUpdated: false });
    expect(answer.message).toContain('not found');
    await chain.sendWire(unsent.wire);
    await chain.waitConfirmed(unsent.signature);
    expect(await verify(carol, info.purchaseId, unsent.signature, BLUE_SAGE.characterId)).toMatchObject({ success: true });
    carol.client.close();
  });

  it('the last item bought by two players at once is sold once; the other payment is refunded', async () => {
    await database.db
      .insert(marketplaceSupply)
      .values({ characterId: CRIMSON_MERC.characterId, purchased: CRIMSON_MERC.maxSupply - 1 })
      .onConflictDoUpdate({ target: marketplaceSupply.characterId, set: { purchased: CRIMSON_MERC.maxSupply - 1 } });
    const buyers = [await moneyPlayer(harness, chain, 'dave_last', 3_000_000_000n), await moneyPlayer(harness, chain, 'erin_last', 3_000_000_000n)];
    const infos = await Promise.all(buyers.map((buyer) => requestPurchase(buyer, CRIMSON_MERC)));
    const signatures = await Promise.all(buyers.map((buyer, i) => pay(buyer, infos[i] as { recipientWallet: string; lamports: string; reference: string })));
    const before = await Promise.all(buyers.map((buyer) => chain.balance(buyer.address)));
    const results = await Promise.all(buyers.map((buyer, i) => verify(buyer, (infos[i] as { purchaseId: string }).purchaseId, signatures[i] as string, CRIMSON_MERC.characterId)));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const loser = results.findIndex((r) => !r.success);
    expect(results[loser]).toMatchObject({ code: 'SOLD_OUT', message: expect.stringContaining('refunded'), characterOwnershipUpdated: false });
    expect((await chain.balance(buyers[loser]!.address)) - before[loser]!).toBe(BigInt(CRIMSON_MERC.price));
    const [supply] = await database.db.select().from(marketplaceSupply).where(eq(marketplaceSupply.characterId, CRIMSON_MERC.characterId));
    expect(supply?.purchased).toBe(CRIMSON_MERC.maxSupply);
    // Sold out now: nobody else is even asked to pay.
    expect(await requestPurchase(buyers[loser]!, CRIMSON_MERC)).toMatchObject({ success: false, code: 'SOLD_OUT' });
    for (const buyer of buyers) buyer.client.close();
  });
});
