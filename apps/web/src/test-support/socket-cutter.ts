// A TCP relay in front of the local chain's WebSocket port that a test can cut: every open
// connection is dropped at once and new ones are hung up on until restore(), what a player's
// browser sees when the network or the RPC provider's socket goes away. Meanwhile the chain goes
// on (over HTTP), so the test can change what the subscription would have been told.
import { type Server, type Socket, connect, createServer } from 'node:net';

export interface SocketCutter {
  /** ws:// URL of the relay. */
  readonly wsUrl: string;
  /** Connections accepted while open, over the relay's life. */
  readonly connections: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startSocketCutter(targetWsUrl: string): Promise<SocketCutter> {
  const target = new URL(targetWsUrl);
  const live = new Set<Socket>();
  let open = true;
  let connections = 0;

  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    connections += 1;
    const upstream = connect(Number(target.port), target.hostname);
    const pair = [client, upstream];
    for (const socket of pair) {
      live.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        live.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const dropAll = () => {
    for (const socket of live) socket.destroy();
    live.clear();
  };
  return {
    wsUrl: `ws://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    cut() {
      open = false;
      dropAll();
    },
    restore() {
      open = true;
    },
    close() {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
