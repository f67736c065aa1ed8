// Node and cluster facts: version, health, genesis, identity, slots, epochs, blockhashes, rent
// and fees.
import { decodeMessage, DeserializeError } from '../wire-transaction';
import { computeUnitPrice, feeForMessage } from '../fees';
import { EPOCH_SCHEDULE, FEATURE_SET, GENESIS_HASH, IDENTITY_ADDRESS, SLOTS_PER_EPOCH, SOLANA_CORE_VERSION } from '../genesis';
import { invalidParams } from '../rpc-errors';
import { checkMinContextSlot, configAt, paramsArray, requireAddress, requireBlockhash, toCount } from '../validate';
import { withContext, type RpcContext, type RpcMethodTable } from './context';

/** Agave's MAX_PERMITTED_DATA_LENGTH: no account can be larger. */
const MAX_ACCOUNT_DATA_LENGTH = 10 * 1024 * 1024;
/** Agave's prioritization fee cache holds this many blocks. */
const MAX_RECENT_FEE_BLOCKS = 150;
/** getRecentPrioritizationFees takes at most MAX_TX_ACCOUNT_LOCKS addresses. */
const MAX_FEE_ACCOUNTS = 128;

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
  getEpochSchedule: (params) => {
    paramsArray(params, 0);
    return EPOCH_SCHEDULE;
  },
  getLatestBlockhash: withSlotConfig((ctx) =>
    withContext(ctx, { blockhash: ctx.chain.clock.head.blockhash, lastValidBlockHeight: ctx.chain.clock.lastValidBlockHeight }),
  ),

  isBlockhashValid: (params, ctx) => {
    const list = paramsArray(params, 2);
    const blockhash = requireBlockhash(list[0]);
    checkMinContextSlot(configAt(list, 1), ctx.chain.clock.head.slot);
    return withContext(ctx, ctx.chain.clock.isBlockhashValid(blockhash));
  },

  /**
   * The compute unit price of each of the last 150 confirmed blocks, oldest first; an empty block
   * is 0. A validator answers, per block, the lowest price of its transactions, raised to the
   * lowest price among those writing one of the given accounts; with one transaction per block
   * both are that transaction's price, so the accounts are checked but change nothing.
   */
  getRecentPrioritizationFees: (params, ctx) => {
    const accounts = paramsArray(params, 1)[0];
    if (accounts !== undefined && accounts !== null) {
      if (!Array.isArray(accounts)) throw invalidParams('Invalid params: expected an array of public keys');
      if (accounts.length > MAX_FEE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_FEE_ACCOUNTS}`);
      accounts.forEach(requireAddress);
    }
    const { chain } = ctx;
    const last = chain.confirmedSlot;
    const fees: { slot: number; prioritizationFee: bigint }[] = [];
    for (let slot = Math.max(chain.clock.first.slot, last - MAX_RECENT_FEE_BLOCKS + 1); slot <= last; slot++) {
      const transaction = chain.history.atSlot(slot);
      fees.push({ slot, prioritizationFee: transaction ? computeUnitPrice(transaction.message) : 0n });
    }
    return fees;
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
    const fee = ctx.chain.clock.isBlockhashValid(message.lifetimeToken) ? feeForMessage(message) : null;
    return withContext(ctx, fee);
  },
};
