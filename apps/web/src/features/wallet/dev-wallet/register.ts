// Loaded only when /api/config says the cluster is local: registers the dev wallet with the
// page's Wallet Standard registry, beside any installed extension.
import { createChainRpc } from '../../../net/rpc-chain';
import { registerWallet } from '../wallet-registry';
import { DevWallet } from './dev-wallet';

let registered: (() => void) | null = null;

export function registerDevWallet(rpcUrl: string): void {
  if (registered) return;
  registered = registerWallet(new DevWallet(createChainRpc(rpcUrl)));
}
