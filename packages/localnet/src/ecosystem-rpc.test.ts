// The chain as the ecosystem's tools see it: @solana/web3.js v1's Connection (which checks every
// answer against its own schemas of Agave's shapes) calling each method explorers, wallets and
// SDKs rely on, and every call Solana Explorer makes before it accepts a custom cluster.
import { createSolanaRpc, type Slot } from '@solana/kit';
import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  type Context,
  type KeyedAccountInfo,
  type ParsedBlockResponse,
  type VersionedAccountsModeBlockResponse,
  type VersionedBlockResponse,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './bigint-json';
import { FAUCET_ADDRESS, GENESIS_HASH } from './genesis';
import { rawRpc, rpcRequest, waitFor } from './test-support/test-chain';
import { collect, fundedKeypair, sendV0, startWeb3Chain, subscriptionsLive, type Web3Chain } from './test-support/web3-chain';

let chain: Web3Chain;
beforeAll(async () => {
  chain = await startWeb3Chain();
});
afterAll(() => chain.localnet.stop());

const raw = async (method: string, params?: unknown[]) => (await rawRpc(chain.localnet.rpcUrl, rpcRequest(method, params))) as { result?: Json; error?: { code: number; message: string } };
const transfer = (from: Keypair, to: PublicKey, lamports: number) => SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports });
// web3.js parses blockHeight but leaves it out of its block types; its getBlock overloads also
// resolve every detail level to the "full" type.
const heightOf = (block: VersionedBlockResponse) => (block as VersionedBlockResponse & { blockHeight: number | null }).blockHeight;
const slotsFrom = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

describe('methods through @solana/web3.js v1', () => {
  it('getEpochSchedule: fixed 432,000-slot epochs from slot 0, agreeing with getEpochInfo', async () => {
    const { connection } = chain;
    const schedule = await connection.getEpochSchedule();
    expect(schedule).toMatchObject({ slotsPerEpoch: 432_000, leaderScheduleSlotOffset: 432_000, warmup: false, firstNormalEpoch: 0, firstNormalSlot: 0 });
    const info = await connection.getEpochInfo();
    expect(schedule.getEpoch(info.absoluteSlot)).toBe(info.epoch);
    expect(schedule.getFirstSlotInEpoch(info.epoch) + info.slotIndex).toBe(info.absoluteSlot);
    expect((await raw('getEpochSchedule')).result).toEqual({ slotsPerEpoch: 432_000, leaderScheduleSlotOffset: 432_000, warmup: false, firstNormalEpoch: 0, firstNormalSlot: 0 });
  });

  it('getFirstAvailableBlock: the oldest kept block, which getBlock serves', async () => {
    const { connection } = chain;
    const first = await connection.getFirstAvailableBlock();
    expect(first).toBe(0); // a new chain still has its genesis block
    const genesis = await connection.getBlock(first, { maxSupportedTransactionVersion: 0 });
    expect(genesis).toMatchObject({ blockhash: GENESIS_HASH, previousBlockhash: '11111111111111111111111111111111', parentSlot: 0, blockHeight: 0, transactions: [] });
  });

  it('getRecentPrioritizationFees: the compute unit price of each recent block, oldest first', async () => {
    const { connection } = chain;
    const payer = await fundedKeypair(connection);
    const recipient = Keypair.generate().publicKey;
    const { slot } = await sendV0(connection, [payer], [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 12_345 }), transfer(payer, recipient, LAMPORTS_PER_SOL / 10)]);
    const fees = await connection.getRecentPrioritizationFees();
    expect(fees.length).toBeGreaterThan(1);
    expect(fees.length).toBeLessThanOrEqual(150);
    expect(fees.map((fee) => fee.slot)).toEqual(slotsFrom(fees[0]!.slot, fees.at(-1)!.slot));
    expect(fees.find((fee) => fee.slot === slot)).toEqual({ slot, prioritizationFee: 12_345 });
    expect(fees.filter((fee) => fee.slot !== slot).every((fee) => fee.prioritizationFee === 0)).toBe(true);
    const forRecipient = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [recipient] });
    expect(forRecipient.find((fee) => fee.slot === slot)?.prioritizationFee).toBe(12_345);
    const tooMany = Array.from({ length: 129 }, () => Keypair.generate().publicKey.toBase58());
    expect((await raw('getRecentPrioritizationFees', [tooMany])).error).toMatchObject({ code: -32602, message: 'Too many inputs provided; max 128' });
  });

  it('getSupply: every lamport, the faucet reserve being the non-circulating part', async () => {
    const { connection } = chain;
    const supply = await connection.getSupply();
    expect(supply.value.nonCirculatingAccounts.map((key) => key.toBase58())).toEqual([FAUCET_ADDRESS]);
    expect(supply.value.nonCirculating).toBe(await connection.getBalance(new PublicKey(FAUCET_ADDRESS)));
    expect((await connection.getSupply({ excludeNonCirculatingAccountsList: true })).value.nonCirculatingAccounts).toEqual([]);

    // Exact integers (above 2^53) through the raw answer: an airdrop moves lamports from the
    // reserve into circulation and burns its fee.
    const exact = async () => {
      const { value } = (await raw('getSupply')).result as { value: Record<'total' | 'circulating' | 'nonCirculating', number | bigint> };
      return { total: BigInt(value.total), circulating: BigInt(value.circulating), nonCirculating: BigInt(value.nonCirculating) };
    };
    const before = await exact();
    expect(before.total).toBe(before.circulating + before.nonCirculating);
    await fundedKeypair(connection, LAMPORTS_PER_SOL);
    const after = await exact();
    expect(after.total).toBe(before.total - 5000n);
    expect(after.circulating).toBe(before.circulating + 1_000_000_000n);
    expect(after.nonCirculating).toBe(before.nonCirculating - 1_000_000_000n - 5000n);
  });

  it('getBlock: the transaction processed in the slot, its hashes, parent, height and time, in every detail level', async () => {
    const { connection } = chain;
    const payer = await fundedKeypair(connection);
    const recipient = Keypair.generate().publicKey;
    const { signature, slot } = await sendV0(connection, [payer], [transfer(payer, recipient, LAMPORTS_PER_SOL / 2)]);

    const block = (await connection.getBlock(slot, { maxSupportedTransactionVersion: 0 }))!;
    const parent = (await connection.getBlock(slot - 1, { maxSupportedTransactionVersion: 0 }))!;
    expect(block.parentSlot).toBe(slot - 1);
    expect(block.previousBlockhash).toBe(parent.blockhash);
    expect(heightOf(block)).toBe(heightOf(parent)! + 1);
    expect(block.blockTime).toBe(await connection.getBlockTime(slot));
    expect(block.rewards).toEqual([]);
    expect(block.transactions).toHaveLength(1);
    const [entry] = block.transactions;
    expect(entry!.version).toBe(0);
    expect(entry!.transaction.signatures).toEqual([signature]);
    expect(entry!.transaction.message.staticAccountKeys.map(String)).toEqual([payer.publicKey, recipient, SystemProgram.programId].map(String));
    expect(entry!.meta).toMatchObject({ err: null, fee: 5000, postBalances: [expect.any(Number), LAMPORTS_PER_SOL / 2, 1] });
    expect(entry!.meta).toEqual((await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.meta);
    const rawBlock = (await raw('getBlock', [slot, { maxSupportedTransactionVersion: 0 }])).result as Record<string, unknown>;
    expect(Object.keys(rawBlock)).toEqual(['previousBlockhash', 'blockhash', 'parentSlot', 'transactions', 'rewards', 'blockTime', 'blockHeight']);

    // A v0 transaction needs maxSupportedTransactionVersion, as on a validator.
    await expect(connection.getBlock(slot)).rejects.toMatchObject({ code: -32015 });

    const header = { blockhash: block.blockhash, previousBlockhash: block.previousBlockhash, parentSlot: slot - 1, blockTime: block.blockTime, blockHeight: heightOf(block) };
    expect(await connection.getBlock(slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'none' })).toEqual({ ...header, rewards: [] });
    expect(await connection.getBlockSignatures(slot)).toEqual({ ...header, signatures: [signature] }); // "signatures", rewards off
    const accounts = (await connection.getBlock(slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'accounts', rewards: false })) as unknown as VersionedAccountsModeBlockResponse;
    expect(accounts).not.toHaveProperty('rewards');
    expect(accounts.transactions[0]!.transaction.accountKeys.map((key) => [key.pubkey.toBase58(), key.signer, key.writable, key.source])).toEqual([
      [payer.publicKey.toBase58(), true, true, 'transaction'],
      [recipient.toBase58(), false, true, 'transaction'],
      [SystemProgram.programId.toBase58(), false, false, 'transaction'],
    ]);
    expect(Object.keys(accounts.transactions[0]!.meta!)).toEqual(['err', 'status', 'fee', 'preBalances', 'postBalances', 'preTokenBalances', 'postTokenBalances']);
    const parsed = (await connection.getParsedBlock(slot, { maxSupportedTransactionVersion: 0 })) as unknown as ParsedBlockResponse;
    expect(parsed.transactions[0]!.transaction.message.instructions[0]).toMatchObject({ program: 'system', parsed: { type: 'transfer', info: { lamports: LAMPORTS_PER_SOL / 2 } } });

    await waitFor(async () => ((await connection.getSlot()) > slot ? true : null));
    expect((await connection.getBlock(slot + 1, { maxSupportedTransactionVersion: 0 }))!.transactions).toEqual([]); // an empty block
    await expect(connection.getBlock(slot + 1_000_000)).rejects.toMatchObject({ code: -32004 });
  });

  it('getBlocks: every slot of a range up to the confirmed head (none is skipped)', async () => {
    const { connection } = chain;
    const head = await connection.getSlot();
    expect(await connection.getBlocks(head - 5, head)).toEqual(slotsFrom(head - 5, head));
    const open = await connection.getBlocks(head - 2);
    expect(open.slice(0, 3)).toEqual([head - 2, head - 1, head]);
    expect(open).toEqual(slotsFrom(head - 2, open.at(-1)!));
    expect(await connection.getBlocks(head, head - 1)).toEqual([]);
    expect((await raw('getBlocksWithLimit', [head - 3, 3])).result).toEqual([head - 3, head - 2, head - 1]);
    expect((await raw('getBlocks', [head - 1, head, { commitment: 'processed' }])).error?.code).toBe(-32602);
  });

  it('getBlockTime: the wall-clock second each block was made', async () => {
    const { connection } = chain;
    const slot = await connection.getSlot();
    const time = (await connection.getBlockTime(slot))!;
    expect(Math.abs(time - Date.now() / 1000)).toBeLessThan(5);
    expect(time).toBe((await connection.getBlock(slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'none' }))!.blockTime);
    expect(await connection.getBlockTime(0)).toBeLessThanOrEqual(time);
    await expect(connection.getBlockTime(slot + 1_000_000)).rejects.toMatchObject({ code: -32004 });
  });

  it('programSubscribe (onProgramAccountChange): each written account the program owns, filters applied', async () => {
    const { connection } = chain;
    const payer = await fundedKeypair(connection);
    const recipient = Keypair.generate().publicKey;
    const matching = collect<[KeyedAccountInfo, Context]>();
    const other = collect<KeyedAccountInfo>();
    const id = connection.onProgramAccountChange(SystemProgram.programId, (info, context) => matching.push([info, context]), { commitment: 'confirmed', filters: [{ dataSize: 0 }] });
    const otherId = connection.onProgramAccountChange(SystemProgram.programId, (info) => other.push(info), { filters: [{ dataSize: 165 }] });
    await subscriptionsLive(connection);

    const { slot } = await sendV0(connection, [payer], [transfer(payer, recipient, LAMPORTS_PER_SOL / 4)]);
    const [info, context] = await matching.until(([keyed]) => keyed.accountId.equals(recipient));
    expect(context.slot).toBe(slot);
    expect(info.accountInfo).toMatchObject({ lamports: LAMPORTS_PER_SOL / 4, executable: false, data: Buffer.alloc(0) });
    expect(info.accountInfo.owner.equals(SystemProgram.programId)).toBe(true);
    await matching.until(([keyed]) => keyed.accountId.equals(payer.publicKey)); // the payer was written too
    expect(other.seen).toEqual([]);
    await connection.removeProgramAccountChangeListener(id);
    await connection.removeProgramAccountChangeListener(otherId);
  });

  it('rootSubscribe (onRootChange): every new block is the new root', async () => {
    const { connection } = chain;
    const roots = collect<number>();
    const start = await connection.getSlot();
    const id = connection.onRootChange((root) => roots.push(root));
    const root = await roots.until((value) => value > start);
    expect(root).toBeLessThanOrEqual(await connection.getSlot());
    await roots.until((value) => value > root);
    await connection.removeRootChangeListener(id);
  });
});

describe('Solana Explorer', () => {
  it("every method Solana Explorer's custom-cluster check calls answers", async () => {
    const { connection, localnet } = chain;
    // The cluster check itself, as Explorer makes it: @solana/kit, these four at once; any error
    // marks the custom cluster unreachable.
    const rpc = createSolanaRpc(localnet.rpcUrl);
    const [firstAvailableBlock, epochSchedule, epochInfo, genesisHash] = await Promise.all([
      rpc.getFirstAvailableBlock().send(),
      rpc.getEpochSchedule().send(),
      rpc.getEpochInfo().send(),
      rpc.getGenesisHash().send(),
    ]);
    expect(firstAvailableBlock).toBe(0n);
    expect(epochSchedule).toMatchObject({ slotsPerEpoch: 432_000n, warmup: false });
    expect(epochInfo.absoluteSlot).toBeGreaterThan(0n);
    expect(genesisHash).toBe(GENESIS_HASH);
    // Then its dashboard and supply card, and a block page (a block with a transaction in it).
    const slot = epochInfo.absoluteSlot;
    expect(await rpc.getBlockTime(slot).send()).toBeGreaterThan(0n);
    expect(await rpc.getTransactionCount({ commitment: 'confirmed' }).send()).toBeGreaterThan(0n);
    const supply = await rpc.getSupply({ commitment: 'finalized', excludeNonCirculatingAccountsList: true }).send();
    expect(supply.value.total).toBe(supply.value.circulating + supply.value.nonCirculating);
    const airdrop = await connection.requestAirdrop(Keypair.generate().publicKey, LAMPORTS_PER_SOL);
    const landed = await waitFor(async () => (await connection.getSignatureStatus(airdrop)).value);
    const block = await rpc.getBlock(BigInt(landed.slot) as Slot, { commitment: 'confirmed', encoding: 'base64', maxSupportedTransactionVersion: 0, rewards: true, transactionDetails: 'full' }).send();
    expect(block!.transactions[0]!.transaction).toEqual((await rpc.getTransaction(airdrop as never, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send())!.transaction);
    expect(await connection.getBlocks(landed.slot, landed.slot + 100)).toContain(landed.slot);

    // And each of them through web3.js v1 too.
    const answers = await Promise.all([
      connection.getEpochSchedule(),
      connection.getFirstAvailableBlock(),
      connection.getEpochInfo(),
      connection.getGenesisHash(),
      connection.getVersion(),
      connection.getSlot(),
      connection.getBlockTime(Number(slot)),
      connection.getSupply(),
      connection.getTransactionCount(),
    ]);
    expect(answers.every((answer) => answer !== null && answer !== undefined)).toBe(true);
  });
});
