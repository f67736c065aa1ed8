// The kept ledger is bounded: past KEPT_BLOCKS blocks the oldest are forgotten, getFirstAvailableBlock
// moves up, older slots answer "missing", and SlotHashes holds its 512 newest. Driven in-process
// through the JSON-RPC handler, since thousands of blocks take a moment here and minutes on a timer.
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson, type Json } from './bigint-json';
import { KEPT_BLOCKS } from './block-clock';
import { Chain } from './chain';
import { dispatch, tableHandler } from './rpc-dispatch';
import { rpcMethods } from './rpc-methods';
import { rpcRequest } from './test-support/test-chain';

type Answer = { result?: Json; error?: { code: number; message: string } };

function rpcOn(chain: Chain): (method: string, params?: unknown[]) => Promise<Answer> {
  const handler = tableHandler(rpcMethods, { chain, faucet: () => Promise.reject(new Error('no faucet in this test')) });
  return async (method, params) => parseJson((await dispatch(stringifyJson(rpcRequest(method, params)), handler)) as string) as Answer;
}

/** A chain past its window by `extra` blocks, and the blockhash of every slot it made. */
function longChain(extra: number): { chain: Chain; hashes: string[] } {
  const chain = new Chain({ confirmationLagMs: 0 });
  const hashes = [chain.clock.head.blockhash];
  for (let i = 0; i < KEPT_BLOCKS + extra - 1; i++) {
    chain.produceEmptyBlock();
    hashes.push(chain.clock.head.blockhash);
  }
  return { chain, hashes };
}

describe('the kept ledger', () => {
  it('forgets the oldest blocks, and getFirstAvailableBlock, getBlock, getBlocks and getBlockTime agree', async () => {
    const { chain, hashes } = longChain(10); // slots 0 .. KEPT_BLOCKS + 9: the first 10 are gone
    const rpc = rpcOn(chain);
    expect((await rpc('getFirstAvailableBlock')).result).toBe(10);
    expect((await rpc('getBlock', [9])).error).toEqual({ code: -32009, message: 'Slot 9 was skipped, or missing in long-term storage' });
    expect((await rpc('getBlockTime', [9])).error?.code).toBe(-32009);
    expect((await rpc('getBlock', [10])).result).toMatchObject({ blockhash: hashes[10], previousBlockhash: hashes[9], parentSlot: 9, blockHeight: 10, transactions: [] });
    expect((await rpc('getBlocks', [0, 13])).result).toEqual([10, 11, 12, 13]);
    expect((await rpc('getBlocksWithLimit', [0, 2])).result).toEqual([10, 11]);
    expect((await rpc('getBlock', [KEPT_BLOCKS + 10])).error?.code).toBe(-32004);

    const slotHashes = chain.runtime.getSlotHashes();
    const head = chain.clock.head.slot;
    expect(slotHashes).toHaveLength(512);
    expect([slotHashes[0]?.slot, slotHashes[0]?.hash, slotHashes[511]?.slot]).toEqual([BigInt(head), hashes[head], BigInt(head - 511)]);
  });

  it('is restored whole, parent hashes included, and a chain saved without them loses only its oldest block', async () => {
    const { chain, hashes } = longChain(3);
    const restored = rpcOn(new Chain({ confirmationLagMs: 0, restored: chain.state() }));
    expect((await restored('getFirstAvailableBlock')).result).toBe(3);
    expect((await restored('getBlock', [3])).result).toMatchObject({ blockhash: hashes[3], previousBlockhash: hashes[2] });

    const withoutParents = chain.state().blocks.map(({ previousBlockhash: _previous, ...block }) => block);
    const older = new Chain({ confirmationLagMs: 0, restored: { ...chain.state(), blocks: withoutParents } });
    const rpc = rpcOn(older);
    expect((await rpc('getFirstAvailableBlock')).result).toBe(4);
    expect((await rpc('getBlock', [4])).result).toMatchObject({ blockhash: hashes[4], previousBlockhash: hashes[3] });
    expect(older.runtime.getSlotHashes()[0]?.hash).toBe(hashes.at(-1));
  });
});
