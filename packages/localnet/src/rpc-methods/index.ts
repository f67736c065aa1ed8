// Every JSON-RPC method served over HTTP, by name.
import { accountMethods } from './accounts';
import { blockMethods } from './blocks';
import { clusterMethods } from './cluster';
import type { RpcMethodTable } from './context';
import { historyMethods } from './history';
import { transactionMethods } from './transactions';

export type { RpcContext, RpcMethod, RpcMethodTable } from './context';

export const rpcMethods: RpcMethodTable = {
  ...clusterMethods,
  ...accountMethods,
  ...transactionMethods,
  ...historyMethods,
  ...blockMethods,
};
