// startLocalnet: the whole chain in one call — state loaded from the data directory, the
// LiteSVM chain, JSON-RPC over HTTP, PubSub over WebSocket (its own port, and upgrades on the
// HTTP port too), an empty block every blockIntervalMs — and stop() to save and shut it down.
import type { KeyPairSigner } from '@solana/kit';
import { WebSocketServer } from 'ws';
import { Chain } from './chain';
import { FAUCET_ADDRESS, GENESIS_HASH, faucetSigner } from './genesis';
import { closeServer, createRpcHttpServer, listen } from './http-server';
import { ChainStore, loadChainState } from './persistence';
import { PubSub } from './pubsub';
import { dispatch, tableHandler } from './rpc-dispatch';
import { rpcMethods, type RpcContext } from './rpc-methods';

export interface LocalnetOptions {
  /** Interface to listen on; default 127.0.0.1 (never exposed beyond this machine unless asked). */
  host?: string;
  /** JSON-RPC port; default 8899. 0 picks a free port. */
  port?: number;
  /** PubSub WebSocket port; default port + 1 (a free port when port is 0). */
  wsPort?: number;
  /** Where the chain is saved; default ./data/chain. null keeps it in memory only. */
  dataDir?: string | null;
  /** How long a landed transaction stays invisible to getSignatureStatuses/getTransaction; default 0. */
  confirmationLagMs?: number;
  /** The clock the confirmation lag is read on; default Date.now. Tests step it instead of waiting. */
  now?: () => number;
  /** An empty block is produced this often; default 400 (Solana's slot time). 0 turns it off. */
  blockIntervalMs?: number;
}

export interface Localnet {
  rpcUrl: string;
  wsUrl: string;
  rpcPort: number;
  wsPort: number;
  /** The faucet's address (requestAirdrop transfers from it). */
  faucet: string;
  genesisHash: string;
  /** Where the chain is saved, or null in memory. */
  dataDir: string | null;
  /** Save the chain, close every connection and stop producing blocks. */
  stop(): Promise<void>;
}

const MAX_WEBSOCKET_MESSAGE_BYTES = 64 * 1024;

export async function startLocalnet(options: LocalnetOptions = {}): Promise<Localnet> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 8899;
  const dataDir = options.dataDir === undefined ? './data/chain' : options.dataDir;
  const blockIntervalMs = options.blockIntervalMs ?? 400;

  const chain = new Chain({ confirmationLagMs: options.confirmationLagMs ?? 0, now: options.now, restored: dataDir ? (loadChainState(dataDir) ?? undefined) : undefined });
  const store = dataDir ? new ChainStore(dataDir, chain) : null;
  const pubsub = new PubSub(chain);
  let faucet: Promise<KeyPairSigner> | null = null;
  const ctx: RpcContext = { chain, faucet: () => (faucet ??= faucetSigner()) };
  const handler = tableHandler(rpcMethods, ctx);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES });
  wss.on('connection', (socket) => pubsub.attach(socket));
  const servers = [0, 1].map(() =>
    createRpcHttpServer(
      (body) => dispatch(body, handler),
      (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)),
    ),
  );
  const [rpcServer, wsServer] = servers as [(typeof servers)[0], (typeof servers)[0]];

  const stopServers = async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    await Promise.all(servers.map(closeServer));
  };
  let rpcPort: number;
  let wsPort: number;
  try {
    rpcPort = await listen(rpcServer, port, host);
    wsPort = await listen(wsServer, options.wsPort ?? (port === 0 ? 0 : rpcPort + 1), host);
  } catch (error) {
    await stopServers();
    pubsub.close();
    await store?.close();
    throw error;
  }

  const blockTimer = blockIntervalMs > 0 ? setInterval(() => chain.produceEmptyBlock(), blockIntervalMs) : null;
  let stopped: Promise<void> | null = null;
  return {
    rpcUrl: `http://${host}:${rpcPort}`,
    wsUrl: `ws://${host}:${wsPort}`,
    rpcPort,
    wsPort,
    faucet: FAUCET_ADDRESS,
    genesisHash: GENESIS_HASH,
    dataDir,
    stop() {
      stopped ??= (async () => {
        if (blockTimer) clearInterval(blockTimer);
        pubsub.close();
        await stopServers();
        await store?.close();
      })();
      return stopped;
    },
  };
}
