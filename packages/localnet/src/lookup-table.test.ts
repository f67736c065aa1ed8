// Address lookup tables end to end with @solana/web3.js v1. A table's address is derived from a
// recent slot that the lookup table program looks up in the SlotHashes sysvar, so this only works
// while the chain keeps that sysvar on its latest blocks.
import { getBase58Decoder } from '@solana/kit';
import { AddressLookupTableProgram, Keypair, LAMPORTS_PER_SOL, SYSVAR_SLOT_HASHES_PUBKEY, SystemProgram, type KeyedAccountInfo } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, fundedKeypair, sendV0, startWeb3Chain, subscriptionsLive, type Web3Chain } from './test-support/web3-chain';

let chain: Web3Chain;
beforeAll(async () => {
  chain = await startWeb3Chain();
});
afterAll(() => chain.localnet.stop());

/** Where a lookup table keeps its authority: after type (4), deactivation slot (8), last extended slot (8), start index (1) and the option tag (1). */
const AUTHORITY_OFFSET = 22;

describe('address lookup tables', () => {
  it('creates a table with recentSlot = getSlot(), extends it and sends a v0 transaction through it', async () => {
    const { connection } = chain;
    const authority = await fundedKeypair(connection, 5 * LAMPORTS_PER_SOL);
    const tables = collect<KeyedAccountInfo>();
    const subscription = connection.onProgramAccountChange(AddressLookupTableProgram.programId, (info) => tables.push(info), {
      filters: [{ memcmp: { offset: AUTHORITY_OFFSET, bytes: authority.publicKey.toBase58() } }],
    });
    await subscriptionsLive(connection);

    const [create, tableAddress] = AddressLookupTableProgram.createLookupTable({ authority: authority.publicKey, payer: authority.publicKey, recentSlot: await connection.getSlot() });
    await sendV0(connection, [authority], [create]);
    const created = await tables.until((info) => info.accountId.equals(tableAddress));
    expect(created.accountInfo.owner.equals(AddressLookupTableProgram.programId)).toBe(true);
    await connection.removeProgramAccountChangeListener(subscription);

    const recipients = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    await sendV0(connection, [authority], [AddressLookupTableProgram.extendLookupTable({ lookupTable: tableAddress, authority: authority.publicKey, payer: authority.publicKey, addresses: recipients })]);
    const table = (await connection.getAddressLookupTable(tableAddress)).value!;
    expect(table.state.addresses.map(String)).toEqual(recipients.map(String));
    expect(table.isActive()).toBe(true);

    // Addresses added in a slot can be used from the next one on; every transaction is a block.
    const transfers = recipients.map((to) => SystemProgram.transfer({ fromPubkey: authority.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 10 }));
    const { signature } = await sendV0(connection, [authority], transfers, [table]);
    const landed = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!;
    expect(landed.transaction.message.addressTableLookups.map((lookup) => lookup.accountKey.toBase58())).toEqual([tableAddress.toBase58()]);
    expect(landed.meta!.loadedAddresses!.writable.map(String)).toEqual(recipients.map(String));
    for (const recipient of recipients) expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 10);
  });

  it('keeps SlotHashes on the latest blocks, and a slot not in it is refused', async () => {
    const { connection } = chain;
    const { context, value } = await connection.getAccountInfoAndContext(SYSVAR_SLOT_HASHES_PUBKEY);
    const data = value!.data;
    const entries = Number(data.readBigUInt64LE(0));
    const newest = Number(data.readBigUInt64LE(8));
    expect(entries).toBe(Math.min(512, context.slot + 1));
    expect(newest).toBe(context.slot);
    expect(Number(data.readBigUInt64LE(8 + 40))).toBe(newest - 1);
    const block = (await connection.getBlock(newest, { maxSupportedTransactionVersion: 0, transactionDetails: 'none' }))!;
    expect(getBase58Decoder().decode(data.subarray(16, 48))).toBe(block.blockhash);

    const authority = await fundedKeypair(connection);
    const [create] = AddressLookupTableProgram.createLookupTable({ authority: authority.publicKey, payer: authority.publicKey, recentSlot: (await connection.getSlot()) + 1000 });
    await expect(sendV0(connection, [authority], [create])).rejects.toThrow(/is not a recent slot/);
  });
});
