// @duel-dojo/localnet: an embedded Solana chain (LiteSVM behind JSON-RPC and PubSub).
export { startLocalnet, type Localnet, type LocalnetOptions } from './localnet';
export { FAUCET_ADDRESS, GENESIS_HASH } from './genesis';
