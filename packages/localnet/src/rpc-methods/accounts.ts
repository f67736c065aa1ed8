// Account reads: getBalance, getAccountInfo, getMultipleAccounts, getSupply. Reads see the latest
// state (commitment "processed"); the confirmation lag applies to transaction lookups only.
import type { Address } from '@solana/kit';
import { accountView, readAccount } from '../account-format';
import { invalidParams } from '../rpc-errors';
import { chainSupply } from '../supply';
import { checkMinContextSlot, configAt, optionalBoolean, paramsArray, requireAddress } from '../validate';
import { withContext, type RpcMethodTable } from './context';

/** Agave's MAX_MULTIPLE_ACCOUNTS. */
const MAX_MULTIPLE_ACCOUNTS = 100;

export const accountMethods: RpcMethodTable = {
  getBalance: (params, ctx) => {
    const list = paramsArray(params, 2);
    const address = requireAddress(list[0]);
    checkMinContextSlot(configAt(list, 1), ctx.chain.clock.head.slot);
    return withContext(ctx, ctx.chain.runtime.getBalance(address as Address) ?? 0n);
  },

  getAccountInfo: (params, ctx) => {
    const list = paramsArray(params, 2);
    const address = requireAddress(list[0]);
    const config = configAt(list, 1);
    checkMinContextSlot(config, ctx.chain.clock.head.slot);
    return withContext(ctx, readAccount(ctx.chain.runtime, address, accountView(config, 'binary')));
  },

  getMultipleAccounts: (params, ctx) => {
    const list = paramsArray(params, 2);
    const addresses = list[0];
    if (!Array.isArray(addresses)) throw invalidParams('Invalid params: expected an array of public keys');
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const checked = addresses.map(requireAddress);
    const config = configAt(list, 1);
    checkMinContextSlot(config, ctx.chain.clock.head.slot);
    const view = accountView(config, 'base64');
    return withContext(ctx, checked.map((address) => readAccount(ctx.chain.runtime, address, view)));
  },

  getSupply: (params, ctx) => {
    const config = configAt(paramsArray(params, 1), 0);
    const excludeList = optionalBoolean(config, 'excludeNonCirculatingAccountsList', false);
    const supply = chainSupply(ctx.chain);
    return withContext(ctx, { ...supply, nonCirculatingAccounts: excludeList ? [] : supply.nonCirculatingAccounts });
  },
};
