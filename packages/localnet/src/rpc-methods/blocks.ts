// The ledger: getBlock, getBlocks, getBlocksWithLimit, getBlockTime and getFirstAvailableBlock.
// They read the block clock's kept blocks and, for each slot, the transaction index (every
// transaction is a block of its own). A slot newer than the confirmed one is -32004, one older
// than the kept blocks is "missing" (-32009), as on a validator whose ledger was purged.
import type { BlockInfo } from '../block-clock';
import { formatBlock, TRANSACTION_DETAILS } from '../block-format';
import { blockNotAvailable, invalidParams, slotMissing } from '../rpc-errors';
import { TRANSACTION_ENCODINGS } from '../transaction-format';
import { checkMinContextSlot, configAt, maxSupportedVersion, optionalBoolean, optionalChoice, paramsArray, requireConfirmedCommitment, toCount, type Config } from '../validate';
import type { RpcContext, RpcMethodTable } from './context';

/** Agave's MAX_GET_CONFIRMED_BLOCKS_RANGE: the widest getBlocks range and getBlocksWithLimit limit. */
const MAX_BLOCKS_RANGE = 500_000;

function confirmedBlock(ctx: RpcContext, slot: number): BlockInfo {
  if (slot > ctx.chain.confirmedSlot) throw blockNotAvailable(slot);
  const block = ctx.chain.clock.block(slot);
  if (!block) throw slotMissing(slot);
  return block;
}

/** History methods take at least "confirmed", and a minContextSlot checked against the confirmed slot. */
function historyConfig(ctx: RpcContext, config: Config): Config {
  requireConfirmedCommitment(config);
  checkMinContextSlot(config, ctx.chain.confirmedSlot);
  return config;
}

/** The kept slots from `start` to `last` (every one: no slot is ever skipped). */
function slotsFrom(ctx: RpcContext, start: number, last: number): number[] {
  const slots: number[] = [];
  for (let slot = Math.max(start, ctx.chain.clock.first.slot); slot <= last; slot++) slots.push(slot);
  return slots;
}

export const blockMethods: RpcMethodTable = {
  getFirstAvailableBlock: (params, ctx) => {
    paramsArray(params, 0);
    return ctx.chain.clock.first.slot;
  },

  getBlock: (params, ctx) => {
    const list = paramsArray(params, 2);
    const slot = toCount(list[0], 'slot');
    // The second parameter may also be a bare encoding string (the deprecated form).
    const config = historyConfig(ctx, typeof list[1] === 'string' ? { encoding: list[1] } : configAt(list, 1));
    const view = {
      encoding: optionalChoice(config, 'encoding', TRANSACTION_ENCODINGS, 'json'),
      details: optionalChoice(config, 'transactionDetails', TRANSACTION_DETAILS, 'full'),
      showRewards: optionalBoolean(config, 'rewards', true),
      maxVersion: maxSupportedVersion(config),
    };
    const block = confirmedBlock(ctx, slot);
    const transaction = ctx.chain.history.atSlot(slot);
    return formatBlock(block, transaction ? [transaction] : [], view);
  },

  getBlocks: (params, ctx) => {
    const list = paramsArray(params, 3);
    const start = toCount(list[0], 'start slot');
    // [start], [start, end], [start, end, config] or [start, config].
    const second = list[1];
    const secondIsConfig = typeof second === 'object' && second !== null;
    const end = second === undefined || second === null || secondIsConfig ? null : toCount(second, 'end slot');
    historyConfig(ctx, configAt(list, secondIsConfig ? 1 : 2));
    const last = Math.min(end ?? start + MAX_BLOCKS_RANGE, ctx.chain.confirmedSlot);
    if (last < start) return [];
    if (last - start > MAX_BLOCKS_RANGE) throw invalidParams(`Slot range too large; max ${MAX_BLOCKS_RANGE}`);
    return slotsFrom(ctx, start, last);
  },

  getBlocksWithLimit: (params, ctx) => {
    const list = paramsArray(params, 3);
    const start = toCount(list[0], 'start slot');
    const limit = toCount(list[1], 'limit');
    if (limit > MAX_BLOCKS_RANGE) throw invalidParams(`Limit too large; max ${MAX_BLOCKS_RANGE}`);
    historyConfig(ctx, configAt(list, 2));
    const from = Math.max(start, ctx.chain.clock.first.slot);
    return slotsFrom(ctx, from, Math.min(from + limit - 1, ctx.chain.confirmedSlot));
  },

  getBlockTime: (params, ctx) => {
    const list = paramsArray(params, 1);
    const slot = toCount(list[0], 'slot');
    const { clock, history } = ctx.chain;
    if (slot > clock.head.slot) throw blockNotAvailable(slot);
    // Beyond the kept blocks, a slot that holds a transaction still knows its time.
    const time = clock.blockTime(slot) ?? history.atSlot(slot)?.blockTime;
    if (time === undefined || time === null) throw slotMissing(slot);
    return time;
  },
};
