// Node and cluster facts: version, health, genesis, identity, slots and blocks, blockhashes,
// rent and fees.
import { decodeMessage, DeserializeError } from '../wire-transaction';
import { feeForMessage } from '../fees';
import { FEATURE_SET, GENESIS_HASH, IDENTITY_ADDRESS, SLOTS_PER_EPOCH, SOLANA_CORE_VERSION } from '../genesis';
import { RPC_ERROR, RpcError, invalidParams } from '../rpc-errors';
import { checkMinContextSlot, configAt, paramsArray, requireBlockhash, toCount } from '../validate';
import { withContext, type RpcContext, type RpcMethodTable } from './context';

/** Agave's MAX_PERMITTED_DATA_LENGTH: no account can be larger. */
const MAX_ACCOUNT_DATA_LENGTH = 10 * 1024 * 1024;

/** Methods whose only parameter is an optional { commitment, minContextSlot }. */
function withSlotConfig(answer: (ctx: RpcContext) => unknown) {
  return (params: unknown, ctx: RpcContext) => {
    checkMinContextSlot(configAt(paramsArray(params, 1), 0), ctx.chain.clock.head.slot);
    return answer(ctx);
  };
}

export const clusterMethods: RpcMethodTable = {
  getVersion: (params) => {
    paramsArray(params, 0);
    return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET };
  },
  getHealth: (params) => {
    paramsArray(params, 0);
    return 'ok';
  },
  getGenesisHash: (params) => {
    paramsArray(params, 0);
    return GENESIS_HASH;
  },
  getIdentity: (params) => {
    paramsArray(params, 0);
    return { identity: IDENTITY_ADDRESS };
  },
  getSlot: withSlotConfig((ctx) => ctx.chain.clock.head.slot),
  getBlockHeight: withSlotConfig((ctx) => ctx.chain.clock.head.blockHeight),
  getTransactionCount: withSlotConfig((ctx) => ctx.chain.history.count),
  getEpochInfo: withSlotConfig((ctx) => {
    const { slot, blockHeight } = ctx.chain.clock.head;
    return {
      absoluteSlot: slot,
      blockHeight,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ctx.chain.history.count,
    };
  }),
  getLatestBlockhash: withSlotConfig((ctx) =>
    withContext(ctx, { blockhash: ctx.chain.clock.head.blockhash, lastValidBlockHeight: ctx.chain.clock.lastValidBlockHeight }),
  ),

  isBlockhashValid: (params, ctx) => {
    const list = paramsArray(params, 2);
    const blockhash = requireBlockhash(list[0]);
    checkMinContextSlot(configAt(list, 1), ctx.chain.clock.head.slot);
    return withContext(ctx, ctx.chain.clock.isBlockhashValid(blockhash));
  },

  getBlockTime: (params, ctx) => {
    const list = paramsArray(params, 1);
    const slot = toCount(list[0], 'slot');
    const { clock, history } = ctx.chain;
    if (slot > clock.head.slot) throw new RpcError(RPC_ERROR.BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);
    const time = clock.blockTime(slot) ?? history.atSlot(slot)?.blockTime;
    if (time === undefined || time === null) {
      // Old empty blocks are not kept (only their number): like a validator's purged ledger.
      throw new RpcError(RPC_ERROR.LONG_TERM_STORAGE_SLOT_SKIPPED, `Slot ${slot} was skipped, or missing in long-term storage`);
    }
    return time;
  },

  getMinimumBalanceForRentExemption: (params, ctx) => {
    const list = paramsArray(params, 2);
    const dataLength = toCount(list[0] ?? 0, 'data length', MAX_ACCOUNT_DATA_LENGTH);
    configAt(list, 1);
    return ctx.chain.runtime.minimumBalanceForRentExemption(BigInt(dataLength));
  },

  getFeeForMessage: (params, ctx) => {
    const list = paramsArray(params, 2);
    checkMinContextSlot(configAt(list, 1), ctx.chain.clock.head.slot);
    const encoded = list[0];
    if (typeof encoded !== 'string' || encoded.length > 2000 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
      throw invalidParams('Invalid params: the message must be base64');
    }
    let message;
    try {
      message = decodeMessage(new Uint8Array(Buffer.from(encoded, 'base64')));
    } catch (error) {
      const reason = error instanceof DeserializeError ? 'failed to deserialize the message' : 'invalid message';
      throw invalidParams(`Invalid params: ${reason}`);
    }
    // A message whose blockhash is unknown or expired has no fee, as on a validator.
    const fee = ctx.chain.clock.isBlockhashValid(message.recentBlockhash) ? feeForMessage(message) : null;
    return withContext(ctx, fee);
  },
};
